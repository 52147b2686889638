import type { RoleCode } from '@fleet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../testing/render-route';
import { UsersTable } from './users-table';

const USERS = [
  {
    username: 'marie.durand',
    userUID: '6f1c2a9e-0b7d-4c1e-9a51-2f3b4c5d6e7f',
    email: 'marie@durand.example',
  },
  { username: 'paul.martin', userUID: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', email: null },
];

// The table's rows may lead somewhere: it renders inside a router.
const show = (role: RoleCode) =>
  renderRoute([{ path: '/', element: <UsersTable users={USERS} /> }], '/', role);

describe('users table', () => {
  it('shows username and email, and no user ID column', () => {
    show('support-user');
    const table = within(screen.getByRole('table', { name: 'Device users' }));
    expect(table.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Username',
      'Email',
    ]);
    expect(table.getByText('marie@durand.example')).toBeInTheDocument();
    expect(table.queryByText(USERS[0]!.userUID)).not.toBeInTheDocument();
  });

  it('leaves the email out for roles the server sends none to', () => {
    show('customer-engineering-user');
    const table = within(screen.getByRole('table', { name: 'Device users' }));
    expect(table.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Username']);
  });

  it('shows the user ID in the tooltip of a copy button, copies it and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    show('support-user');
    const copy = screen.getByRole('button', { name: 'Copy the user ID of marie.durand' });
    await user.hover(copy);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(`User ID: ${USERS[0]!.userUID}`);
    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith(USERS[0]!.userUID);
    expect(await screen.findByRole('status')).toHaveTextContent('User ID of marie.durand copied.');
  });
});
