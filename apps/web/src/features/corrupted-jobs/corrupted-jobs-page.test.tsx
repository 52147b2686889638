import type { CorruptedJob } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { CorruptedJobsPage } from './corrupted-jobs-page';

const REPORT = {
  workflow: 'TPMS check',
  jobType: 1,
  jobStatus: 0,
  beginDate: '2026-11-26T14:05:00.000Z',
  data: { pressure: 2.4 },
  result: { validCal: 1, validChk: 1 },
};
const { result: _result, ...WITHOUT_RESULT } = REPORT;

const JOB: CorruptedJob = {
  id: 5,
  serialNumber: 'TQW8C9311700042',
  receivedAt: '2026-11-26T14:06:00.000Z',
  reason: [{ field: 'body.result', message: 'is required', rule: { kind: 'required' } }],
  payload: JSON.stringify(WITHOUT_RESULT, null, 2),
  status: 'open',
  jobId: null,
  resolvedBy: null,
  resolvedAt: null,
};
const REPROCESSED: CorruptedJob = {
  ...JOB,
  status: 'reprocessed',
  jobId: 'job-901',
  resolvedBy: 'Support user',
  resolvedAt: '2026-11-27T10:00:00.000Z',
};

function open(answers: Parameters<typeof stubFetch>[0] = {}) {
  const fetchSpy = stubFetch({
    'GET /api/CorruptedJobs': { body: { corruptedJobs: [JOB], totalCount: 1 } },
    ...answers,
  });
  renderRoute(
    [{ path: '/corrupted-jobs', element: <CorruptedJobsPage /> }],
    '/corrupted-jobs',
    'support-user',
  );
  return fetchSpy;
}

async function openJob(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^Open the job of TQW8C9311700042/ }));
  return screen.findByRole('dialog', { name: 'Job refused from TQW8C9311700042' });
}

async function replacePayload(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, text: string) {
  const payload = within(dialog).getByRole('textbox', { name: /^Payload/ });
  await user.clear(payload);
  await user.click(payload);
  await user.paste(text);
  return payload;
}

describe('corrupted jobs', () => {
  it('lists each refused job with why, and its state', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Refused jobs' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getByRole('link', { name: 'TQW8C9311700042' })).toBeVisible();
    // The field as a user knows it and the rule it broke, never the field path.
    expect(within(row!).getByText('Result: Required')).toBeVisible();
    expect(within(row!).getByText('Open', { selector: '.mantine-Badge-label' })).toBeVisible();
  });

  it('says in the user’s words what is still wrong with the payload, and reprocesses it once fixed', async () => {
    const user = userEvent.setup();
    let reprocessed = false;
    const fetchSpy = open({
      'GET /api/CorruptedJobs': () => ({
        body: { corruptedJobs: [reprocessed ? REPROCESSED : JOB], totalCount: 1 },
      }),
      'POST /api/CorruptedJobs/5/reprocess': () => {
        reprocessed = true;
        return { body: REPROCESSED };
      },
    });
    const dialog = await openJob(user);
    const reprocess = within(dialog).getByRole('button', { name: 'Reprocess' });
    expect(within(dialog).getByText('Still refused: result: Required')).toBeVisible();
    expect(reprocess).toBeDisabled();

    await replacePayload(user, dialog, '{"workflow": ');
    expect(within(dialog).getByText('Still refused: Not valid JSON')).toBeVisible();
    expect(reprocess).toBeDisabled();

    const fixed = JSON.stringify(REPORT);
    await replacePayload(user, dialog, fixed);
    expect(within(dialog).queryByText(/Still refused/)).toBeNull();
    await user.click(reprocess);
    expect(await screen.findByText('The job of TQW8C9311700042 is accepted')).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/CorruptedJobs/5/reprocess');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ payload: fixed });
    expect(await screen.findByText('Reprocessed', { selector: '.mantine-Badge-label' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'The job' })).toBeVisible();
  });

  it("shows the server's refusal of the payload under it, in the user's words and without field paths", async () => {
    const user = userEvent.setup();
    open({
      'POST /api/CorruptedJobs/5/reprocess': {
        status: 400,
        body: {
          status: 400,
          message: 'The job is still refused: body.workflow is not a workflow of TPMS tools',
          details: [
            {
              field: 'body.workflow',
              message: 'is not a workflow of TPMS tools',
              rule: { kind: 'unknown' },
            },
          ],
        },
      },
    });
    const dialog = await openJob(user);
    const payload = await replacePayload(user, dialog, JSON.stringify({ ...REPORT, workflow: 'Unknown' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reprocess' }));
    expect(await within(dialog).findByText('Not found: choose an existing one')).toBeVisible();
    expect(payload).toHaveAccessibleDescription(/Not found: choose an existing one/);
    expect(payload).not.toHaveAccessibleDescription(/body\.|Invalid|workflow of/);
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Not saved: check the fields marked.');
    // Changed, the payload is no longer said to be refused.
    await user.type(payload, ' ');
    await waitFor(() => expect(payload).not.toHaveAccessibleDescription(/Not found/));
  });

  it('discards a job', async () => {
    const user = userEvent.setup();
    const fetchSpy = open({
      'POST /api/CorruptedJobs/5/discard': { body: { ...JOB, status: 'discarded' } },
    });
    const dialog = await openJob(user);
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('The job of TQW8C9311700042 is discarded')).toBeVisible();
    expect(requestsTo(fetchSpy, 'POST', '/api/CorruptedJobs/5/discard')).toHaveLength(1);
    expect(requestsTo(fetchSpy, 'POST', '/api/CorruptedJobs/5/reprocess')).toHaveLength(0);
  });
});
