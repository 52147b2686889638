import type { Notification, RoleCode } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import {
  calibrationExpiring,
  deviceOffline,
  orderChanged,
  taskFinished,
} from '../testing/notification-fixtures';
import { renderRoute } from '../testing/render-route';
import { routes } from './routes';

/** The user's notifications as the server keeps them: read by id or up to one, listed, counted. */
function notificationServer(initial: Notification[]) {
  let items = initial;
  const isUnread = (n: Notification) => n.readAt === null;
  const markRead = (chosen: (n: Notification) => boolean) => {
    items = items.map((n) => (isUnread(n) && chosen(n) ? { ...n, readAt: new Date().toISOString() } : n));
  };
  const reads: unknown[] = [];
  const listed: URLSearchParams[] = [];
  const fetchSpy = stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': {
      body: { userId: 'user-1', content: JSON.stringify({ timezone: 'Europe/Paris' }) },
    },
    'GET /api/Notifications/Summary': () => ({
      body: { unreadCount: items.filter(isUnread).length, recent: items.slice(0, 8) },
    }),
    'GET /api/Notifications': (request) => {
      const query = new URL(request.url).searchParams;
      listed.push(query);
      const shown = query.get('Unread') === 'true' ? items.filter(isUnread) : items;
      return { body: { data: shown, totalCount: shown.length, unreadCount: items.filter(isUnread).length } };
    },
    'POST /api/Notifications/Read': (_request, body) => {
      reads.push(body);
      const which = body as { ids?: number[]; upTo?: number };
      markRead((n) => (which.ids ? which.ids.includes(n.id) : n.id <= (which.upTo ?? 0)));
      return { body: { unreadCount: items.filter(isUnread).length } };
    },
  });
  return { fetchSpy, reads, listed };
}

const renderAt = (path: string, role: RoleCode, wholeFleet = true) =>
  renderRoute(routes, path, role, { me: { wholeFleet } });

/** The bell, once the count has come (a screen's first chunk takes a while in a busy run). */
const bell = (name: string | RegExp) => screen.findByRole('button', { name }, { timeout: 10_000 });

/**
 * The bell once its panel's module took the first button's place (the panel's target has an id): a click
 * is then not lost on the button being replaced. A click before that is the user menu's tests' business.
 */
async function openBell(user: ReturnType<typeof userEvent.setup>, name: string) {
  await waitFor(() => expect(screen.getByRole('button', { name })).toHaveAttribute('id'), {
    timeout: 15_000,
  });
  await user.click(screen.getByRole('button', { name }));
}

// The panel's module is transformed once before the tests: they check what it shows, not how long a busy
// machine takes to compile it.
beforeAll(async () => {
  await import('./shell/notification-panel');
}, 60_000);

describe('the bell', () => {
  it('shows the unread count at once and opens on the recent notifications, said in the user’s words', async () => {
    const user = userEvent.setup();
    notificationServer([
      deviceOffline(13, '1234567'),
      calibrationExpiring(12, '7654321', '2026-03-12T10:00:00.000Z'),
      taskFinished(11, { read: true }),
    ]);
    renderAt('/user-space', 'support-user');
    await openBell(user, 'Notifications, 2 unread');
    const panel = await screen.findByRole('list', { name: 'Recent notifications' }, { timeout: 15_000 });
    const lines = within(panel).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      'Unread: Device 1234567 has been offline for 60 minutes5 minutes ago',
      'Unread: The calibration of device 7654321 expires on 03/12/2026yesterday',
      'Your task “Jobs export” is done3 hours ago',
    ]);
    // The keyboard is taken into the panel, and back to the bell when it closes.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all as read' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(panel).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Notifications, 2 unread' })).toHaveFocus();
  });

  it('marks all read up to the newest, and the count goes', async () => {
    const user = userEvent.setup();
    const { reads } = notificationServer([deviceOffline(13, '1234567'), deviceOffline(12, '1111111')]);
    renderAt('/user-space', 'support-user');
    await openBell(user, 'Notifications, 2 unread');
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }, { timeout: 15_000 }));
    expect(await bell('Notifications')).toBeInTheDocument();
    expect(reads).toEqual([{ upTo: 13 }]);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('marks a notification read and opens its record; one the user may not open has no link', async () => {
    const user = userEvent.setup();
    const { reads } = notificationServer([deviceOffline(13, '1234567'), taskFinished(12)]);
    // A warranty customer hears of their exports but has no task list to open.
    const router = renderAt('/user-space', 'customer-warranty-manager', false);
    await openBell(user, 'Notifications, 2 unread');
    const panel = await screen.findByRole('list', { name: 'Recent notifications' }, { timeout: 15_000 });
    expect(within(panel).getAllByRole('link')).toHaveLength(1);
    await user.click(within(panel).getByRole('link', { name: /Device 1234567 has been offline/ }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/serie\/1234567/));
    expect(reads).toEqual([{ ids: [13] }]);
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
  });
});

describe('the notifications page', () => {
  it('filters the unread ones and marks the selected ones read', async () => {
    const user = userEvent.setup();
    const { reads, listed } = notificationServer([
      deviceOffline(13, '1234567'),
      orderChanged(12, 5),
      taskFinished(11, { read: true }),
    ]);
    renderAt('/notifications', 'customer-engineering-manager', false);
    // The table is drawn again for each answer.
    const table = () => screen.getByRole('table', { name: 'Notifications' });
    await screen.findByRole('table', { name: 'Notifications' }, { timeout: 15_000 });
    expect(within(table()).getAllByRole('row')).toHaveLength(4);
    // A customer opens an order of theirs on their own orders page.
    expect(within(table()).getByRole('link', { name: 'Open the order' })).toHaveAttribute(
      'href',
      '/user/orders/5',
    );

    await user.click(screen.getByLabelText('Filter'));
    await user.click(await screen.findByRole('option', { name: 'Unread' }));
    await user.click(await screen.findByRole('option', { name: 'Yes' }));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(3));
    expect(listed.at(-1)?.get('Unread')).toBe('true');

    await user.click(
      within(table()).getByRole('checkbox', { name: 'Select: Order A-0042: Quote requested' }),
    );
    await user.click(screen.getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    expect(reads).toEqual([{ ids: [12] }]);
    expect(await bell('Notifications, 1 unread')).toBeInTheDocument();
  });
});
