import { partNumberListAnswerSchema } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { PartNumbersPage } from './part-numbers-page';

const PART_NUMBERS = partNumberListAnswerSchema.parse({
  partNumbers: [
    {
      partNumber: 'TQW8C93117',
      deviceTypes: ['TPMS'],
      makers: ['Fleet'],
      deviceCount: 1200,
      activatedCount: 950,
      rangeCount: 2,
      description: null,
    },
  ],
  totalCount: 1,
});

function stubPartNumbers(answers: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({ 'GET /api/Configuration/PartNumbers': { body: PART_NUMBERS }, ...answers });
}

function open() {
  renderRoute([{ path: '/partnumbers', element: <PartNumbersPage /> }], '/partnumbers', 'administrator');
}

describe('the part numbers', () => {
  it('lists each part number with its types, makers and counts, searched as typed in capitals', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubPartNumbers();
    open();
    const table = await screen.findByRole('table', { name: 'Part numbers' });
    const row = within(table).getByRole('row', { name: /TQW8C93117/ });
    expect(row).toHaveTextContent('TPMS');
    expect(row).toHaveTextContent('None');
    expect(screen.getByText('1 part number')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Part number' }), 'tqw8');
    expect(screen.getByRole('textbox', { name: 'Part number' })).toHaveValue('TQW8');
    await waitFor(() =>
      expect(
        requestsTo(fetchSpy, 'GET', '/api/Configuration/PartNumbers').map(({ url }) =>
          url.searchParams.get('Search'),
        ),
      ).toContain('TQW8'),
    );
  });

  it('saves the description typed for a part number', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubPartNumbers({ 'PUT /api/Configuration/PartNumbers/TQW8C93117': { status: 204 } });
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit the description of TQW8C93117' }));
    const dialog = await screen.findByRole('dialog', { name: 'Description of TQW8C93117' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), ' TPMS tool, EU ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description of TQW8C93117 saved')).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'PUT', '/api/Configuration/PartNumbers/TQW8C93117');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ description: 'TPMS tool, EU' });
  });
});
