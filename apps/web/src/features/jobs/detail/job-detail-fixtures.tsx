import type { Job, JobDetail, RoleCode } from '@fleet/contract';
import type { RouteObject } from 'react-router';
import { paths } from '../../../config/paths';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderRoute } from '../../../testing/render-route';
import { UTC_CONFIGURATION } from '../../../testing/series-fixtures';
import { GraphsTab } from './graphs/graphs-tab';
import { JobDetailPage } from './job-detail-page';
import { PicturesTab } from './pictures/pictures-tab';
import { SummaryTab } from './summary/summary-tab';

/** Fixtures of the job detail's page tests: answers that pass the contract's schemas. */
export const JOB_ID = '4711';
export const SERIAL_NUMBER = 'TPT2C5189500000';

export function detailJob(overrides: Partial<Job> = {}): Job {
  return {
    id: JOB_ID,
    workflow: 'TPMS-CHECK',
    beginDate: '2026-11-22T08:00:00.000Z',
    postedDate: '2026-11-22T08:05:00.000Z',
    jobType: 1,
    jobStatus: 0,
    serialNumber: SERIAL_NUMBER,
    deviceType: 'TPMS-TOOL',
    user: 'l.keller',
    group: null,
    data: { JID: '500000-4711', RO: 'RO-1', VIN: 'VF1RFB00067891234', MK: 'RENAULT' },
    result: { validCal: 1, validChk: 1, sn: SERIAL_NUMBER, gresst: null },
    ...overrides,
  };
}

export function jobDetail(job: Job, overrides: Partial<JobDetail> = {}): JobDetail {
  return { job, archived: false, graphCount: 2, pictureCount: 2, edits: [], ...overrides };
}

/** The job detail as the app's route table mounts it: its tabs are routes nested under the page. */
const JOB_DETAIL_ROUTES: RouteObject[] = [
  {
    path: paths.jobDetails.path,
    element: <JobDetailPage />,
    children: [
      { path: paths.jobSummary.path, element: <SummaryTab /> },
      { path: paths.jobGraphs.path, element: <GraphsTab /> },
      { path: paths.jobPictures.path, element: <PicturesTab /> },
    ],
  },
];

type Answers = Parameters<typeof stubFetch>[0];

/**
 * Opens a job detail tab (`summary`, `graphs` or `pictures`, with a query if any) for a user holding
 * one role; the server answers the job, no saved layout (the built-in default), dates in UTC, and
 * `answers` besides.
 */
export function openJobDetail(
  tab: string,
  role: RoleCode,
  {
    job = detailJob(),
    detail = jobDetail(job),
    answers = {},
  }: { job?: Job; detail?: JobDetail; answers?: Answers } = {},
) {
  const fetchSpy = stubFetch({
    ...UTC_CONFIGURATION,
    [`GET /api/Jobs/JobDetail/${JOB_ID}`]: { body: { data: detail } },
    'GET /api/Jobs/template': { body: { data: [] } },
    ...answers,
  });
  const router = renderRoute(JOB_DETAIL_ROUTES, `/job/${JOB_ID}/${tab}`, role);
  return { fetchSpy, router };
}
