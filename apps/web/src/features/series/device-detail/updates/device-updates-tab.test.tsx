import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../../../testing/render-route';
import { UTC_CONFIGURATION } from '../../../../testing/series-fixtures';
import { DeviceUpdatesTab } from './device-updates-tab';

const SN = 'ALIGN0000000001';

describe('device updates tab', () => {
  it('asks the sort and page of the URL, and shows each update', async () => {
    const fetchSpy = stubFetch({
      ...UTC_CONFIGURATION,
      'POST /api/Updates/history': {
        body: {
          updateHistory: [
            {
              serialNumber: SN,
              subject: 'Software',
              updateDate: '2026-02-01T10:00:00.000Z',
              fromVersion: '3.0.0',
              toVersion: '3.1.0',
              details: 'Security fixes',
              username: 'marie.durand',
              state: 'succeeded',
              percent: 100,
              rolloutId: 12,
            },
            {
              serialNumber: SN,
              subject: 'Database',
              updateDate: '2026-02-02T10:00:00.000Z',
              fromVersion: '2025.06',
              toVersion: '2025.07',
              details: null,
              username: null,
              state: 'running',
              percent: 50,
              rolloutId: null,
            },
          ],
          totalCount: 2,
        },
      },
    });
    renderRoute(
      [{ path: '/serie/:serialNumber/updates', element: <DeviceUpdatesTab /> }],
      `/serie/${SN}/updates?sortColumnName=Subject&sortOrder=ASC&pageSize=40`,
      'support-user',
    );
    const table = within(await screen.findByRole('table', { name: 'Update history' }));
    const cells = within(table.getByRole('row', { name: /Software/ })).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Software',
      '02/01/2026, 10:00:00',
      '3.0.0',
      '3.1.0',
      'Succeeded',
      'Rollout 12',
      'Security fixes',
      'marie.durand',
    ]);
    expect(table.getByRole('link', { name: 'Rollout 12' })).toHaveAttribute('href', '/version/rollouts/12');
    const running = within(table.getByRole('row', { name: /Database/ })).getAllByRole('cell');
    expect(running[4]?.textContent).toBe('Running 50 %');
    const [request] = requestsTo(fetchSpy, 'POST', '/api/Updates/history');
    expect(JSON.parse(String(request?.init?.body))).toEqual({
      serialNumbers: [SN],
      pageSize: 40,
      pageNumber: 1,
      sortColumnName: 'Subject',
      sortOrder: 'ASC',
    });
  });
});
