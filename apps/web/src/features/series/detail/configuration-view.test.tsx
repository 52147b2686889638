import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderWithProviders } from '../../../testing/providers';
import { UTC_CONFIGURATION } from '../../../testing/series-fixtures';
import { ConfigurationView } from './configuration-view';

describe('configuration view', () => {
  it('shows the reported configuration as nested keys and values, with its date', async () => {
    stubFetch(UTC_CONFIGURATION);
    renderWithProviders(
      <ConfigurationView
        configuration={{
          reportedAt: '2026-03-01T09:00:00.000Z',
          content: { units: { pressure: 'bar' }, sensors: [4, 'spare'], beep: false, station: null },
        }}
      />,
    );
    const tree = within(screen.getByRole('list', { name: 'Reported configuration' }));
    expect(tree.getByText('pressure:').parentElement).toHaveTextContent('pressure: bar');
    expect(tree.getByText('0:').parentElement).toHaveTextContent('0: 4');
    expect(tree.getByText('beep:').parentElement).toHaveTextContent('beep: false');
    expect(tree.getByText('station:').parentElement).toHaveTextContent('station: null');
    expect(await screen.findByText('Reported on 03/01/2026, 09:00:00')).toBeInTheDocument();
  });

  it('says when the device never reported one', () => {
    renderWithProviders(<ConfigurationView configuration={null} />);
    expect(screen.getByText('No configuration reported')).toBeInTheDocument();
  });
});
