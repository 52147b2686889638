import type { Task } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { TasksPage } from './tasks-page';

const task = (overrides: Partial<Task>): Task => ({
  requestId: 'task-1',
  kind: 'jobs-export',
  description: 'Jobs of November',
  name: 'jobs-2026-11.xlsx',
  status: 68,
  postedDateTime: '2026-11-27T08:00:00.000Z',
  startedDateTime: '2026-11-27T08:00:01.000Z',
  finishedDateTime: '2026-11-27T08:01:00.000Z',
  progress: { done: 1200, total: 1200 },
  error: null,
  expiresAt: '2026-12-04T08:01:00.000Z',
  ...overrides,
});

const DONE = task({});
const QUEUED = task({
  requestId: 'task-2',
  kind: 'stores-export',
  description: 'Stores of Lyon',
  name: 'stores.csv',
  status: 80,
  startedDateTime: null,
  finishedDateTime: null,
  progress: null,
  expiresAt: null,
});
const FAILED = task({
  requestId: 'task-3',
  kind: 'audit-export',
  description: 'Audit of October',
  name: 'audit.xlsx',
  status: 70,
  progress: null,
  error: 'Cancelled',
  expiresAt: null,
});

function open(answers: Parameters<typeof stubFetch>[0] = {}) {
  const fetchSpy = stubFetch({
    'GET /api/Task/list-viewer': { body: { data: [QUEUED] } },
    'GET /api/Task': { body: { data: [QUEUED, DONE, FAILED] } },
    ...answers,
  });
  renderRoute([{ path: '/tasks/list', element: <TasksPage /> }], '/tasks/list', 'support-user');
  return fetchSpy;
}

describe('the tasks page', () => {
  it('shows the pending tasks first, then every task with the actions of its status', async () => {
    open();
    const pending = await screen.findByRole('region', { name: 'Pending tasks' });
    expect(await within(pending).findByRole('article', { name: 'Stores of Lyon' })).toBeVisible();
    expect(within(pending).queryByRole('article', { name: 'Jobs of November' })).toBeNull();

    const all = screen.getByRole('region', { name: 'All tasks' });
    const done = await within(all).findByRole('article', { name: 'Jobs of November' });
    expect(within(done).getByText('Done')).toBeVisible();
    for (const action of ['Download ', 'Archive ', 'Run again: '])
      expect(within(done).getByRole('button', { name: `${action}Jobs of November` })).toBeEnabled();
    const ended = within(all).getByRole('article', { name: 'Audit of October' });
    // Cancelled by its owner: said in the user's words, its download shown but not possible.
    expect(within(ended).getByText('Cancelled')).toBeVisible();
    expect(within(ended).getByRole('button', { name: 'Download Audit of October' })).toBeDisabled();
    const queued = within(all).getByRole('article', { name: 'Stores of Lyon' });
    expect(within(queued).getByText('Queued')).toBeVisible();
    expect(within(queued).queryByRole('button', { name: /^Download/ })).toBeNull();
  });

  it('cancels a queued task, then shows it as it is now', async () => {
    const user = userEvent.setup();
    let cancelled = false;
    const ended = { ...QUEUED, status: 70 as const, error: 'Cancelled' };
    const fetchSpy = open({
      'GET /api/Task/list-viewer': () => ({ body: { data: cancelled ? [] : [QUEUED] } }),
      'GET /api/Task': () => ({ body: { data: [cancelled ? ended : QUEUED] } }),
      'POST /api/Task/task-2/cancel': () => {
        cancelled = true;
        return { body: ended };
      },
    });
    const pending = await screen.findByRole('region', { name: 'Pending tasks' });
    await user.click(await within(pending).findByRole('button', { name: 'Cancel Stores of Lyon' }));
    expect(await within(pending).findByText('No pending task.')).toBeVisible();
    expect(requestsTo(fetchSpy, 'POST', '/api/Task/task-2/cancel')).toHaveLength(1);
    const all = screen.getByRole('region', { name: 'All tasks' });
    await waitFor(() => expect(within(all).getByText('Ended without a file')).toBeVisible());
  });

  it('archives a finished task', async () => {
    const user = userEvent.setup();
    let archived = false;
    const fetchSpy = open({
      'GET /api/Task': () => ({ body: { data: archived ? [QUEUED] : [QUEUED, DONE] } }),
      'DELETE /api/Task/task-1': () => {
        archived = true;
        return { status: 204 };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Archive Jobs of November' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Jobs of November' })).toBeNull());
    expect(requestsTo(fetchSpy, 'DELETE', '/api/Task/task-1')).toHaveLength(1);
  });

  it('says when the user has asked for no task yet', async () => {
    open({
      'GET /api/Task/list-viewer': { body: { data: [] } },
      'GET /api/Task': { body: { data: [] } },
    });
    expect(await screen.findByText('No pending task.')).toBeVisible();
    expect(await screen.findByText('Exports you ask for appear here.')).toBeVisible();
  });

  it('says when the pending tasks cannot be read', async () => {
    open({ 'GET /api/Task/list-viewer': { status: 500, body: { status: 500, message: 'down' } } });
    const pending = await screen.findByRole('region', { name: 'Pending tasks' });
    expect(await within(pending).findByText('Cannot get the task list.')).toBeVisible();
    expect(within(pending).queryByText('No pending task.')).toBeNull();
  });

  describe('says why an action on a task failed, with the task it is about', () => {
    const RETRY = 'Please try again later. If the error persist, please contact support';
    const GONE = 'The export file is no more available. Please run again your request.';
    const NO_LINK = 'An error occured while trying to get a fresh download link. Please try again later.';
    it.each([
      [
        'Run again: ',
        'POST /api/Task/task-1/respawn',
        500,
        `An error occured while trying to respawn a request. ${RETRY}`,
        'The server met an error.',
      ],
      [
        'Archive ',
        'DELETE /api/Task/task-1',
        500,
        `An error occured while trying to archive a request. ${RETRY}`,
        'The server met an error.',
      ],
      ['Download ', 'GET /api/Task/task-1/download', 500, NO_LINK, 'The server met an error.'],
      ['Download ', 'GET /api/Task/task-1/download', 404, NO_LINK, 'The requested item was not found.'],
      ['Download ', 'GET /api/Task/task-1/download', 410, GONE, 'An unexpected error occurred.'],
      [
        'Download ',
        'GET /api/Task/task-1/download',
        503,
        GONE,
        'The service is unavailable for the moment; try again later.',
      ],
    ])('%s answered by %s %i', async (action, call, status, title, reason) => {
      const user = userEvent.setup();
      open({
        'GET /api/Task': { body: { data: [DONE] } },
        [call]: { status, body: { status, message: 'x'.repeat(60) } },
      });
      await user.click(await screen.findByRole('button', { name: `${action}Jobs of November` }));
      const toast = (await screen.findByText(title)).closest<HTMLElement>('.mantine-Notification-root')!;
      expect(within(toast).getByText(`Request task-1: ${reason}`)).toBeVisible();
    });
  });
});
