import { jobTokens, type SavedFilterList } from '@fleet/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { testMe } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/providers';
import { SavedFilters } from './saved-filters';

const SAVED: SavedFilterList[] = [
  { name: 'Failed checks', list: 'jobs', filters: { ValidCheck: ['Fail'] } },
  { name: 'Old colours', list: 'jobs', filters: { Colour: ['red'] } },
  { name: 'Kessler', list: 'series', filters: { MakerFilter: ['Kessler'] } },
];

function open() {
  const document = (saved: SavedFilterList[]) =>
    JSON.stringify({
      'tool-equipment': {
        current_language: 'en',
        print_settings: { format: 'letter', margins: 'normal' },
        timezone: 'Europe/Paris',
        webcam: null,
        saved_filters: saved,
      },
    });
  const patches: unknown[] = [];
  stubFetch({
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: document(SAVED) } },
    'PATCH /api/Configurations/Users/': (request) => {
      patches.push(request);
      return { body: { userId: 'user-1', content: document(SAVED) } };
    },
  });
  const onApply = vi.fn();
  renderWithProviders(
    <SavedFilters
      list="jobs"
      definitions={jobTokens('LIVE')}
      filters={{ JobType: ['Calibration'] }}
      onApply={onApply}
    />,
    { me: testMe() },
  );
  return { onApply, patches };
}

describe('saved filter lists', () => {
  it('apply a saved list of this list, and refuse whole one naming a filter that is gone', async () => {
    const user = userEvent.setup();
    const { onApply } = open();
    await user.click(await screen.findByRole('button', { name: 'Saved filters (2)' }));
    expect(screen.queryByRole('menuitem', { name: 'Kessler' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Failed checks' }));
    expect(onApply).toHaveBeenCalledWith([
      { type: 'ValidCheck', value: { data: 'Fail', operator: 'equal' } },
    ]);
    await user.click(screen.getByRole('button', { name: 'Saved filters (2)' }));
    await user.click(screen.getByRole('menuitem', { name: 'Old colours' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Old colours was not applied: it names the filter Colour',
    );
  });

  it('save the filters in use under a name, refusing a name already taken', async () => {
    const user = userEvent.setup();
    const { patches } = open();
    await user.click(await screen.findByRole('button', { name: 'Saved filters (2)' }));
    await user.click(screen.getByRole('menuitem', { name: 'Save these filters…' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, 'Old colours');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('This name is already taken by another saved filter list'),
    ).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Calibrations');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    const form = await (patches[0] as Request).formData();
    const sent = JSON.parse(await (form.get('ConfigurationFile') as Blob).text());
    expect(sent['tool-equipment'].saved_filters).toEqual([
      ...SAVED,
      { name: 'Calibrations', list: 'jobs', filters: { JobType: ['Calibration'] } },
    ]);
  });
});
