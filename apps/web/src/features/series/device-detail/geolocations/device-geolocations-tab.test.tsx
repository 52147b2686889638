import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../testing/fetch-stub';
import { renderRoute } from '../../../../testing/render-route';
import { UTC_CONFIGURATION } from '../../../../testing/series-fixtures';
import { DeviceGeolocationsTab } from './device-geolocations-tab';

const SN = 'ALIGN0000000001';

function open(body: unknown) {
  stubFetch({ ...UTC_CONFIGURATION, [`GET /api/Series/${SN}/locations`]: { body } });
  renderRoute(
    [{ path: '/serie/:serialNumber/geolocations', element: <DeviceGeolocationsTab /> }],
    `/serie/${SN}/geolocations`,
    'support-user',
  );
}

describe('device geolocations tab', () => {
  it('places each position on the map with its details, and lists them', async () => {
    const user = userEvent.setup();
    open([
      { reportedAt: '2026-03-02T08:00:00.000Z', latitude: 48.8566, longitude: 2.3522, accuracyMeters: 12 },
      { reportedAt: '2026-03-01T08:00:00.000Z', latitude: 45.764, longitude: 4.8357, accuracyMeters: null },
    ]);
    const map = within(await screen.findByRole('group', { name: 'Map of the reported positions' }));
    const latest = map.getByRole('button', { name: '03/02/2026, 08:00:00 · 48.85660, 2.35220 · ± 12 m' });
    expect(latest).toHaveAttribute('data-latest');
    const older = map.getByRole('button', { name: /Accuracy unknown/ });
    expect(older).not.toHaveAttribute('data-latest');
    expect(parseFloat(latest.style.left)).toBeGreaterThan(0);
    expect(parseFloat(latest.style.left)).toBeLessThan(100);
    await user.hover(latest);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('48.85660, 2.35220');

    const table = within(screen.getByRole('table', { name: 'Reported positions' }));
    expect(table.getAllByRole('row')).toHaveLength(3);
    expect(table.getByText('45.76400, 4.83570')).toBeInTheDocument();
  });

  it('says when the device reported no position', async () => {
    open([]);
    expect(await screen.findByText('No position reported')).toBeInTheDocument();
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });
});
