import { PAGING_HEADERS, type Job } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { testMe } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/providers';
import { JobsList } from './jobs-list';

function job(id: number, overrides: Partial<Job> = {}): Job {
  return {
    id: String(id),
    workflow: 'BATTERY-TEST',
    beginDate: '2026-11-22T08:00:00.000Z',
    postedDate: '2026-11-22T08:05:00.000Z',
    jobType: 0,
    jobStatus: 1,
    serialNumber: 'BTS5E6746900004',
    deviceType: 'BATTERY-TESTER',
    user: 'l.keller',
    group: null,
    data: { VIN: `VF1RFB0006789123${id}`, RO: 'RO-424242', JID: `900004-${id}` },
    result: { validCal: 2, validChk: 1, sn: 'BTS5E6746900004', gresst: 1 },
    ...overrides,
  };
}

function open(url: string, serialNumber?: string) {
  const requests: URL[] = [];
  stubFetch({
    'GET /api/configurations/users/user-1': {
      body: { userId: 'user-1', content: JSON.stringify({ timezone: 'Europe/Paris' }) },
    },
    'GET /api/Jobs': (request) => {
      requests.push(new URL(request.url));
      return {
        body: {
          data: [
            job(41),
            job(42, { jobStatus: 0, result: { validCal: 1, validChk: 2, sn: 'x', gresst: null } }),
          ],
        },
        headers: { [PAGING_HEADERS.hasNext]: 'False', [PAGING_HEADERS.hasPrevious]: 'False' },
      };
    },
  });
  const router = createMemoryRouter(
    [{ path: '/jobs/live', element: <JobsList kind="LIVE" serialNumber={serialNumber} rememberAs="test" /> }],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />, { me: testMe({ roles: ['administrator'] }) });
  return { router, requests };
}

describe('a jobs list', () => {
  it('puts the required begin date in the URL and asks for the jobs since the start of that day, in the user’s zone', async () => {
    const { router, requests } = open('/jobs/live');
    await waitFor(() =>
      expect(router.state.location.search).toMatch(/BeginDate=\d{4}-\d{2}-\d{2}&BeginDateOperator=since/),
    );
    expect(await screen.findByRole('checkbox', { name: 'Select job 41' })).toBeInTheDocument();
    const asked = requests.at(-1)!.searchParams;
    expect(asked.get('FilterOnBeginDate')).toMatch(/T2[23]:00:00\.000Z$/);
    expect(asked.get('BeginDateOperator')).toBe('since');
    expect(asked.get('SortColumnName')).toBe('BeginDate');
    expect(asked.get('SortOrder')).toBe('DESC');
    // The begin date is required: its pill cannot be removed.
    expect(screen.queryByRole('button', { name: /^Remove Begin date/ })).not.toBeInTheDocument();
  });

  it('names the lists’ values, shows the calibration status, selects a row on click and opens its preview', async () => {
    const user = userEvent.setup();
    open('/jobs/live?BeginDate=2026-11-01&BeginDateOperator=since');
    const table = await screen.findByRole('table', { name: 'Jobs' });
    expect(within(table).getByText('Aborted')).toBeInTheDocument();
    // Expired calibration, and valid but its check failed: expired too (jobs §4).
    expect(within(table).getAllByText('Expired')).toHaveLength(2);
    await user.click(within(table).getByText('VF1RFB000678912341'));
    expect(screen.getByRole('checkbox', { name: 'Select job 41' })).toBeChecked();
    expect(screen.getByText('1 selected (at most 100)')).toBeInTheDocument();
    await user.click(within(table).getByText('VF1RFB000678912341'));
    expect(screen.getByRole('checkbox', { name: 'Select job 41' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Show the preview of job 42' }));
    expect(screen.getByText('900004-42')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide the preview of job 42' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('on a device page asks for that device only and leaves its column out', async () => {
    const { requests } = open('/jobs/live?BeginDate=2026-11-01&BeginDateOperator=since', 'BTS5E6746900004');
    await screen.findByRole('table', { name: 'Jobs' });
    expect(requests.at(-1)!.searchParams.getAll('SerialNumber')).toEqual(['BTS5E6746900004']);
    expect(screen.queryByRole('columnheader', { name: 'Device' })).not.toBeInTheDocument();
  });
});
