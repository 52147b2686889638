import { PAGING_HEADERS, type Job } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { UTC_CONFIGURATION } from '../../testing/series-fixtures';
import { DeviceJobsTab } from './device-jobs-tab';

const SERIAL_NUMBER = 'BTS5E6746900004';

const job: Job = {
  id: '41',
  workflow: 'BATTERY-TEST',
  beginDate: '2026-11-22T08:00:00.000Z',
  postedDate: '2026-11-22T08:05:00.000Z',
  jobType: 0,
  jobStatus: 1,
  serialNumber: SERIAL_NUMBER,
  deviceType: 'BATTERY-TESTER',
  user: 'l.keller',
  group: null,
  data: { VIN: 'VF1RFB00067891234', RO: 'RO-424242' },
  result: { validCal: 2, validChk: 1, sn: SERIAL_NUMBER, gresst: 1 },
};

describe('the jobs tab of a device page', () => {
  it('exports the device’s jobs: the serial number goes with the job filters', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch({
      ...UTC_CONFIGURATION,
      'GET /api/Jobs': {
        body: { data: [job] },
        headers: { [PAGING_HEADERS.hasNext]: 'False', [PAGING_HEADERS.hasPrevious]: 'False' },
      },
      'POST /api/Jobs/Export': { body: { requestId: 'task-7' } },
    });
    renderRoute(
      [{ path: paths.serieJobs.path, element: <DeviceJobsTab /> }],
      `/serie/${SERIAL_NUMBER}/jobs`,
      'administrator',
    );
    // The list asks for the device's jobs only.
    await screen.findByRole('checkbox', { name: 'Select job 41' });
    const [listed] = requestsTo(fetchSpy, 'GET', '/api/Jobs');
    expect(listed?.url.searchParams.get('SerialNumber')).toBe(SERIAL_NUMBER);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Export jobs' }));
    await user.type(dialog.getByRole('textbox', { name: /^Description/ }), 'Jobs of the bay 2 tester');
    await user.click(dialog.getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(requestsTo(fetchSpy, 'POST', '/api/Jobs/Export')).toHaveLength(1));
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Jobs/Export');
    expect(JSON.parse(String(sent?.init?.body))).toMatchObject({
      ExportDescription: 'Jobs of the bay 2 tester',
      JobList: 'LIVE',
      JobFilters: { SerialNumber: SERIAL_NUMBER },
    });
  });
});
