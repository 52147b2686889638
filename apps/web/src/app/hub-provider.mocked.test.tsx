import { act, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { useHubClient } from '../hooks/use-hub';
import { notificationSummaryQueryOptions } from '../lib/endpoints/notifications';
import type { HubClient } from '../lib/hub/hub-client';
import { stubFetch } from '../testing/fetch-stub';
import { testMe } from '../testing/fixtures';
import { renderWithProviders } from '../testing/providers';
import { requestsTo } from '../testing/render-route';
import { HubProvider } from './hub-provider';

const hub = vi.hoisted(() => ({
  started: [] as { ownGroup: boolean; heard: (payload: { unreadCount: number }) => void }[],
}));
vi.mock('../lib/hub/start-hub', () => ({
  startHub: (ownGroup: boolean, heard: (payload: { unreadCount: number }) => void) => {
    hub.started.push({ ownGroup, heard });
    return { client: {} as HubClient, stop: () => undefined };
  },
}));

function Bell() {
  const summary = useQuery(notificationSummaryQueryOptions);
  const client = useHubClient();
  return (
    <>
      <output aria-label="unread">{summary.data?.unreadCount ?? '…'}</output>
      <output aria-label="devices">{client ? 'offered' : 'none'}</output>
    </>
  );
}

describe('the hub provider', () => {
  it('starts the hub for a user without a live feature, whose bell reloads when the hub says so', async () => {
    let unread = 1;
    const fetchSpy = stubFetch({
      'GET /api/Notifications/Summary': () => ({ body: { unreadCount: unread, recent: [] } }),
    });
    renderWithProviders(
      <HubProvider>
        <Bell />
      </HubProvider>,
      { me: testMe({ roles: ['customer-engineering-user'] }) },
    );
    expect(await screen.findByText('1')).toBeInTheDocument();
    await waitFor(() => expect(hub.started).toHaveLength(1));
    expect(hub.started[0]!.ownGroup).toBe(false);
    // The live devices stay for the users with a live feature.
    expect(screen.getByRole('status', { name: 'devices' })).toHaveTextContent('none');

    unread = 3;
    act(() => hub.started[0]!.heard({ unreadCount: 3 }));
    expect(await screen.findByText('3')).toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'GET', '/api/Notifications/Summary')).toHaveLength(2);
  });
});
