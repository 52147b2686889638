import type { RoleCode, SeriesDetail } from '@fleet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../../../testing/render-route';
import { seriesDetail } from '../../../../testing/series-fixtures';
import { DeviceUsersTab } from './device-users-tab';

const SN = 'ALIGN0000000001';
const USERS = [
  { username: 'marie.durand', userUID: 'uid-1', email: 'marie@durand.example' },
  { username: 'paul.martin', userUID: 'uid-2', email: null },
];

function open(role: RoleCode, device: SeriesDetail, more = {}) {
  const fetchSpy = stubFetch({ [`GET /api/Series/${SN}`]: { body: device }, ...more });
  renderRoute(
    [{ path: '/serie/:serialNumber/users', element: <DeviceUsersTab /> }],
    `/serie/${SN}/users`,
    role,
  );
  return fetchSpy;
}

describe('device users tab', () => {
  it('shows the email column to the roles the server sends emails to', async () => {
    open('support-user', seriesDetail({ serieUsers: USERS }));
    const table = within(await screen.findByRole('table', { name: 'Device users' }));
    expect(table.getByRole('columnheader', { name: 'Email' })).toBeInTheDocument();
    expect(table.getByText('marie@durand.example')).toBeInTheDocument();
  });

  it('leaves the email column out for the others, and the associate form when not allowed', async () => {
    open(
      'customer-engineering-user',
      seriesDetail({ serieUsers: USERS.map(({ email: _, ...user }) => user) }),
    );
    const table = within(await screen.findByRole('table', { name: 'Device users' }));
    expect(table.queryByRole('columnheader', { name: 'Email' })).not.toBeInTheDocument();
    expect(table.getByText('paul.martin')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Associate a user' })).not.toBeInTheDocument();
  });

  it('requires a username, shows the refusal under it, and adds the user on success', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const fetchSpy = open('support-manager', seriesDetail({ allowedActions: ['associateUser'] }), {
      [`POST /api/Series/${SN}/users`]: () =>
        ++attempts === 1
          ? { status: 409, body: { status: 409, message: `Already associated with ${SN}: marie.durand` } }
          : { body: seriesDetail({ serieUsers: USERS.slice(0, 1), allowedActions: ['associateUser'] }) },
    });
    expect(await screen.findByText('No user is associated with this device.')).toBeInTheDocument();
    const form = within(await screen.findByRole('region', { name: 'Associate a user' }));
    const username = form.getByRole('textbox', { name: 'Username' });
    await user.click(form.getByRole('button', { name: 'Associate' }));
    expect(username).toHaveAccessibleDescription('The username is required.');
    expect(requestsTo(fetchSpy, 'POST', `/api/Series/${SN}/users`)).toHaveLength(0);

    await user.type(username, 'marie.durand');
    await user.click(form.getByRole('button', { name: 'Associate' }));
    expect(await form.findByText(`Already associated with ${SN}: marie.durand`)).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Associate' }));
    expect(await screen.findByText(`marie.durand is associated with ${SN}.`)).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Device users' })).toHaveTextContent('marie.durand');
    // A new, empty form to associate another one.
    expect(form.getByRole('textbox', { name: 'Username' })).toHaveValue('');
    expect(form.getByRole('textbox', { name: 'Username' })).not.toHaveAccessibleDescription();
    const [first] = requestsTo(fetchSpy, 'POST', `/api/Series/${SN}/users`);
    expect(JSON.parse(String(first?.init?.body))).toEqual({
      seriePN: SN.slice(0, 10),
      from: SN.slice(10, 15),
      userNames: ['marie.durand'],
    });
  });
});
