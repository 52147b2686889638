import { PAGING_HEADERS, type Job, type RoleCode } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
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

function open(url: string, serialNumber?: string, roles: RoleCode[] = ['administrator']) {
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
    [
      { path: '/jobs/live', element: <JobsList kind="LIVE" serialNumber={serialNumber} rememberAs="test" /> },
      { path: '/job/:jobId/summary', element: <p>job page</p> },
    ],
    { initialEntries: [url] },
  );
  renderWithProviders(<RouterProvider router={router} />, { me: testMe({ roles }) });
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

  it('names the lists’ values, shows the calibration status, selects with the checkbox and opens a preview', async () => {
    const user = userEvent.setup();
    open('/jobs/live?BeginDate=2026-11-01&BeginDateOperator=since');
    const table = await screen.findByRole('table', { name: 'Jobs' });
    expect(within(table).getByText('Aborted')).toBeInTheDocument();
    // Expired calibration, and valid but its check failed: expired too (jobs §4).
    expect(within(table).getAllByText('Expired')).toHaveLength(2);
    await user.click(screen.getByRole('checkbox', { name: 'Select job 41' }));
    expect(screen.getByText('1 selected (at most 100)')).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Actions on the selection' });
    expect(within(actions).getByRole('button', { name: 'Export the selected job' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Show the preview of job 42' }));
    expect(screen.getByText('900004-42')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide the preview of job 42' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('opens a job from its row, in a new window on a ctrl or middle click (jobs §2)', async () => {
    const user = userEvent.setup();
    const opened = vi.spyOn(window, 'open').mockReturnValue(null);
    const { router } = open('/jobs/live?BeginDate=2026-11-01&BeginDateOperator=since');
    const table = await screen.findByRole('table', { name: 'Jobs' });
    expect(within(table).getByRole('link', { name: /open job 41/i })).toHaveAttribute(
      'href',
      '/job/41/summary',
    );
    await user.keyboard('{Control>}');
    await user.click(within(table).getByText('VF1RFB000678912341'));
    await user.keyboard('{/Control}');
    expect(opened).toHaveBeenCalledWith('/job/41/summary', '_blank', 'noopener');
    expect(router.state.location.pathname).toBe('/jobs/live');
    await user.click(within(table).getByText('VF1RFB000678912341'));
    expect(router.state.location.pathname).toBe('/job/41/summary');
    opened.mockRestore();
  });

  it('sorts by clicking a date header, which toggles the order and says it (aria-sort)', async () => {
    const user = userEvent.setup();
    const { router, requests } = open('/jobs/live?BeginDate=2026-11-01&BeginDateOperator=since');
    const begin = await screen.findByRole('columnheader', { name: /Begin date/ });
    expect(begin).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(begin).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toContain('sortOrder=ASC'));
    expect(screen.getByRole('columnheader', { name: /Begin date/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('SortOrder')).toBe('ASC'));
    const posted = screen.getByRole('columnheader', { name: /Posted date/ });
    expect(posted).toHaveAttribute('aria-sort', 'none');
    await user.click(within(posted).getByRole('button'));
    await waitFor(() => expect(requests.at(-1)!.searchParams.get('SortColumnName')).toBe('PostedDate'));
    expect(screen.queryByRole('columnheader', { name: 'Workflow' })).not.toHaveAttribute('aria-sort');
  });

  it('offers no selection to a user who can do nothing with it', async () => {
    open('/jobs/live?BeginDate=2026-11-01&BeginDateOperator=since', undefined, ['customer-engineering-user']);
    await screen.findByRole('table', { name: 'Jobs' });
    expect(screen.queryByRole('checkbox', { name: 'Select job 41' })).not.toBeInTheDocument();
    expect(screen.queryByText(/selected \(at most/)).not.toBeInTheDocument();
  });

  it('on a device page asks for that device only and leaves its column out', async () => {
    const { requests } = open('/jobs/live?BeginDate=2026-11-01&BeginDateOperator=since', 'BTS5E6746900004');
    await screen.findByRole('table', { name: 'Jobs' });
    expect(requests.at(-1)!.searchParams.getAll('SerialNumber')).toEqual(['BTS5E6746900004']);
    expect(screen.queryByRole('columnheader', { name: 'Device' })).not.toBeInTheDocument();
  });

  it('offers the archived list its total too', async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
      'GET /api/jobs/archived-jobs': {
        body: { data: { data: [job(7)] } },
        headers: { [PAGING_HEADERS.hasNext]: 'False', [PAGING_HEADERS.hasPrevious]: 'False' },
      },
      'GET /api/jobs/archived-jobs/count': { body: { data: 1234, exact: true } },
    });
    const router = createMemoryRouter(
      [{ path: '/jobs/archived', element: <JobsList kind="ARCHIVED" rememberAs="test" /> }],
      { initialEntries: ['/jobs/archived'] },
    );
    renderWithProviders(<RouterProvider router={router} />, { me: testMe({ roles: ['administrator'] }) });
    await screen.findByRole('table', { name: 'Jobs' });
    await user.click(screen.getByRole('button', { name: 'Show the total' }));
    expect(await screen.findByText('1,234 jobs')).toBeInTheDocument();
  });
});
