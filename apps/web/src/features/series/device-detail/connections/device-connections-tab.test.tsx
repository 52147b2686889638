import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../../../testing/render-route';
import { UTC_CONFIGURATION } from '../../../../testing/series-fixtures';
import { DeviceConnectionsTab } from './device-connections-tab';

const SN = 'ALIGN0000000001';
const CONNECTIONS = [
  { serialNumber: SN, connectionDate: '2026-03-09T23:30:05.000Z', username: 'marie.durand' },
  { serialNumber: SN, connectionDate: '2026-03-08T07:02:00.000Z', username: 'paul.martin' },
];

function open(path: string, answer: { body: unknown }) {
  const fetchSpy = stubFetch({ ...UTC_CONFIGURATION, 'GET /api/ConnectionHistory': answer });
  const router = renderRoute(
    [{ path: '/serie/:serialNumber/connections', element: <DeviceConnectionsTab /> }],
    path,
    'support-user',
  );
  return { fetchSpy, router };
}

const lastQuery = (fetchSpy: ReturnType<typeof stubFetch>) =>
  requestsTo(fetchSpy, 'GET', '/api/ConnectionHistory').at(-1)?.url.searchParams;

describe('device connections tab', () => {
  it('asks page 1 of 20 by default', async () => {
    const { fetchSpy } = open(`/serie/${SN}/connections`, { body: { data: CONNECTIONS, totalCount: 2 } });
    const table = within(await screen.findByRole('table', { name: 'Connection history' }));
    expect(table.getByRole('row', { name: /marie\.durand/ })).toHaveTextContent('03/09/2026, 23:30:05');
    expect(Object.fromEntries(lastQuery(fetchSpy)!)).toEqual({
      SerialNumbers: SN,
      PageSize: '20',
      PageNumber: '1',
    });
    expect(screen.getByText('2 connections')).toBeInTheDocument();
  });

  it('asks the page of the URL, and a new page goes into the URL', async () => {
    const user = userEvent.setup();
    const { fetchSpy, router } = open(`/serie/${SN}/connections?pageNumber=2&pageSize=10`, {
      body: { data: CONNECTIONS, totalCount: 35 },
    });
    await screen.findByRole('table', { name: 'Connection history' });
    expect(lastQuery(fetchSpy)?.get('PageNumber')).toBe('2');
    expect(lastQuery(fetchSpy)?.get('PageSize')).toBe('10');
    expect(screen.getByRole('button', { name: '2' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(new URLSearchParams(router.state.location.search).get('pageNumber')).toBe('3');
    await screen.findByRole('button', { name: '3', current: 'page' });
    expect(lastQuery(fetchSpy)?.get('PageNumber')).toBe('3');
  });

  it('says when there are no connections', async () => {
    open(`/serie/${SN}/connections`, { body: { data: [], totalCount: 0 } });
    expect(await screen.findByText('No connections')).toBeInTheDocument();
  });
});
