import type { RoleCode, Screenshot } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../../../testing/render-route';
import { UTC_CONFIGURATION } from '../../../../testing/series-fixtures';
import { DeviceScreenshotsTab } from './device-screenshots-tab';

const SN = 'ALIGN0000000001';
const SHOTS: Screenshot[] = [
  {
    name: `${SN}_2026-11-22 10-15-30.png`,
    mediaLink: '/api/media/one.png?expires=1',
    date: '2026-11-22 10-15-30',
    toolVersion: '3.1.0',
  },
  {
    name: `${SN}_2026-11-21 08-01-02.png`,
    mediaLink: '/api/media/two.png?expires=1',
    date: '2026-11-21 08-01-02',
    toolVersion: null,
  },
];

type Answer = { status?: number; body?: unknown };

function open(role: RoleCode, answer: Answer | (() => Answer), path = `/serie/${SN}/screenshots`) {
  const fetchSpy = stubFetch({
    ...UTC_CONFIGURATION,
    [`GET /api/Screenshots/${SN}`]: answer,
    'DELETE /api/Screenshots': { status: 204 },
  });
  const router = renderRoute(
    [{ path: '/serie/:serialNumber/screenshots', element: <DeviceScreenshotsTab /> }],
    path,
    role,
  );
  return { fetchSpy, router };
}

const card = (name: string) => screen.findByRole('article', { name });

describe('device screenshots tab', () => {
  it('shows a card per screenshot, newest first by default, with the date written like every date', async () => {
    const { fetchSpy } = open('support-user', { body: { data: SHOTS, totalCount: 2 } });
    const first = within(await card(SHOTS[0]!.name));
    expect(await first.findByText('11/22/2026, 10:15:30')).toBeInTheDocument();
    expect(first.getByText('Tool version 3.1.0')).toBeInTheDocument();
    expect(first.getByRole('img', { name: SHOTS[0]!.name })).toHaveAttribute('src', SHOTS[0]!.mediaLink);
    expect(screen.getByText('2 screenshots')).toBeInTheDocument();
    const [request] = requestsTo(fetchSpy, 'GET', `/api/Screenshots/${SN}`);
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({
      pageSize: '20',
      pageNumber: '1',
      sortColumnName: 'Date',
      sortOrder: 'DESC',
    });
  });

  it('asks the sort and page of the URL', async () => {
    const { fetchSpy } = open(
      'support-user',
      { body: { data: SHOTS, totalCount: 42 } },
      `/serie/${SN}/screenshots?sortColumnName=Name&sortOrder=ASC&pageNumber=3&pageSize=10`,
    );
    await card(SHOTS[0]!.name);
    const [request] = requestsTo(fetchSpy, 'GET', `/api/Screenshots/${SN}`);
    expect(request!.url.searchParams.get('sortColumnName')).toBe('Name');
    expect(request!.url.searchParams.get('pageNumber')).toBe('3');
    expect(screen.getByRole('button', { name: '3' })).toHaveAttribute('aria-current', 'page');
  });

  it('deletes a screenshot after a confirmation, and reloads the list', async () => {
    const user = userEvent.setup();
    let listed = [...SHOTS];
    const { fetchSpy } = open('support-user', () => ({ body: { data: listed, totalCount: listed.length } }));
    const first = within(await card(SHOTS[0]!.name));
    await user.click(first.getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the screenshot' }));
    expect(
      dialog.getByText(`Delete the screenshot ${SHOTS[0]!.name}? This cannot be undone.`),
    ).toBeInTheDocument();
    listed = SHOTS.slice(1);
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: SHOTS[0]!.name })).not.toBeInTheDocument(),
    );
    const [deletion] = requestsTo(fetchSpy, 'DELETE', '/api/Screenshots');
    expect(deletion!.url.searchParams.get('ScreenshotName')).toBe(SHOTS[0]!.name);
    expect(screen.getByText(`The screenshot ${SHOTS[0]!.name} is deleted.`)).toBeInTheDocument();
  });

  it('keeps the screenshot when the deletion is cancelled', async () => {
    const user = userEvent.setup();
    const { fetchSpy } = open('support-user', { body: { data: SHOTS, totalCount: 2 } });
    await user.click(within(await card(SHOTS[1]!.name)).getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(requestsTo(fetchSpy, 'DELETE', '/api/Screenshots')).toHaveLength(0);
  });

  it('offers Delete only to the roles that may delete', async () => {
    open('customer-engineering-user', { body: { data: SHOTS, totalCount: 2 } });
    const first = within(await card(SHOTS[0]!.name));
    expect(first.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('shows an image full screen on a click, and closes on Escape', async () => {
    const user = userEvent.setup();
    open('support-user', { body: { data: SHOTS, totalCount: 2 } });
    const first = within(await card(SHOTS[0]!.name));
    await user.click(first.getByRole('button', { name: `Show ${SHOTS[0]!.name} full screen` }));
    const viewer = await screen.findByRole('dialog', { name: SHOTS[0]!.name });
    expect(within(viewer).getByRole('img', { name: SHOTS[0]!.name })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes the viewer on a click', async () => {
    const user = userEvent.setup();
    open('support-user', { body: { data: SHOTS, totalCount: 2 } });
    await user.click(within(await card(SHOTS[1]!.name)).getByRole('button', { name: /full screen/ }));
    const viewer = await screen.findByRole('dialog', { name: SHOTS[1]!.name });
    await user.click(within(viewer).getByRole('img'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says when there are no screenshots', async () => {
    open('support-user', { body: { data: [], totalCount: 0 } });
    expect(await screen.findByText('No screenshots')).toBeInTheDocument();
    expect(screen.getByText('0 screenshots')).toBeInTheDocument();
  });

  it('empties the list and its total when the call fails, and shows the error', async () => {
    open('support-user', { status: 500, body: { status: 500, message: 'Media storage down' } });
    expect(await screen.findByText('No screenshots')).toBeInTheDocument();
    expect(screen.getByText('0 screenshots')).toBeInTheDocument();
    expect(await screen.findByText(/The server met an error/)).toBeInTheDocument();
  });
});
