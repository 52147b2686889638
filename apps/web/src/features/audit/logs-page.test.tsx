import type { AuditEntry } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { LogsPage } from './logs-page';

const RIGHTS: AuditEntry = {
  id: 91,
  at: '2026-11-27T09:12:00.000Z',
  actorId: 'user-1',
  actorName: 'Ada Lovelace',
  action: 'user.rights',
  subjectType: 'user',
  subjectId: '7d3c6d1e-1111-4a8e-9a51-0a0a0a0a0a01',
  details: { name: 'Claire Martin', changes: { groupIds: { from: [3], to: [3, 4] } } },
};
const STATUS: AuditEntry = {
  id: 90,
  at: '2026-11-26T16:40:00.000Z',
  actorId: null,
  actorName: 'Former support user',
  action: 'series.status',
  subjectType: 'series',
  subjectId: '4411',
  details: { serialNumber: 'TQW8C9311700042', status: { from: 'active', to: 'blocked' } },
};
const EDIT: AuditEntry = {
  id: 89,
  at: '2026-11-26T08:00:00.000Z',
  actorId: 'user-2',
  actorName: 'Grace Hopper',
  action: 'job.edit',
  subjectType: 'job',
  subjectId: 'job-812',
  details: {},
};

/** Two pages, each with the paging headers the server sends. */
function page(request: Request): { body: unknown; headers: Record<string, string> } {
  return new URL(request.url).searchParams.get('cursor') === 'page-2'
    ? {
        body: { data: [EDIT] },
        headers: { 'x-paging-has-previous': 'True', 'x-paging-first-page': 'page-1' },
      }
    : {
        body: { data: [RIGHTS, STATUS] },
        headers: { 'x-paging-has-next': 'True', 'x-paging-next-page': 'page-2' },
      };
}

/** The entries shown, once loaded: the table's rows below its header. */
const entryRows = async () =>
  within(await screen.findByRole('table', { name: 'Changes' }))
    .getAllByRole('row')
    .slice(1);

function open(path = '/logs') {
  const fetchSpy = stubFetch({ 'GET /api/AuditLog': page });
  renderRoute([{ path: '/logs', element: <LogsPage /> }], path, 'devops-manager');
  return fetchSpy;
}

describe('the logs', () => {
  it('say who changed what, in the user’s words, with the record it is about', async () => {
    open();
    const [rights, status] = await entryRows();
    expect(within(rights!).getByText('Ada Lovelace')).toBeVisible();
    expect(within(rights!).getByText('Rights changed')).toBeVisible();
    expect(within(rights!).getByText(`User ${RIGHTS.subjectId}`)).toBeVisible();
    // A change reads as its value before and after.
    expect(within(rights!).getByText('groupIds')).toBeVisible();
    expect(within(rights!).getByText('[3]')).toBeVisible();
    expect(within(rights!).getByLabelText('became')).toBeVisible();
    expect(within(rights!).getByText('[3,4]')).toBeVisible();

    expect(within(status!).getByText('Former support user')).toBeVisible();
    expect(within(status!).getByText('Device status changed')).toBeVisible();
    expect(within(status!).getByRole('link', { name: 'TQW8C9311700042' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('ask for the next page by its cursor, and lead a job to its page', async () => {
    const user = userEvent.setup();
    const fetchSpy = open();
    await entryRows();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    const edit = await screen.findByText('Job edited');
    const row = edit.closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Job job-812' })).toHaveAttribute('href', '/job/job-812');
    const asked = requestsTo(fetchSpy, 'GET', '/api/AuditLog').map(({ url }) =>
      url.searchParams.get('cursor'),
    );
    expect(asked).toEqual([null, 'page-2']);
  });

  it('sort by the date of a change from its header, newest first until asked otherwise', async () => {
    const user = userEvent.setup();
    const fetchSpy = open();
    const header = async () =>
      within(await screen.findByRole('table', { name: 'Changes' })).getByRole('columnheader', {
        name: 'When',
      });
    expect(await header()).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(await header()).getByRole('button', { name: 'When' }));
    await waitFor(async () => expect(await header()).toHaveAttribute('aria-sort', 'ascending'));
    const orders = requestsTo(fetchSpy, 'GET', '/api/AuditLog').map(({ url }) =>
      url.searchParams.get('SortOrder'),
    );
    expect(orders).toEqual(['DESC', 'ASC']);
  });

  it('send the filters of the address with the request', async () => {
    const fetchSpy = open('/logs?User=Ada&SubjectType=user');
    await entryRows();
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET', '/api/AuditLog').length).toBeGreaterThan(0));
    const [asked] = requestsTo(fetchSpy, 'GET', '/api/AuditLog');
    expect(asked!.url.searchParams.get('User')).toBe('Ada');
    expect(asked!.url.searchParams.get('SubjectType')).toBe('user');
  });
});
