import { usableFeatures, type RoleCode } from '@fleet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeAuth, testMe } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/providers';
import { UserSpacePage } from './user-space-page';

function open(role: RoleCode) {
  const auth = fakeAuth();
  const router = createMemoryRouter([{ path: '/user-space', element: <UserSpacePage /> }], {
    initialEntries: ['/user-space'],
  });
  renderWithProviders(<RouterProvider router={router} />, {
    auth,
    me: testMe({ roles: [role], features: usableFeatures([role]) }),
  });
  return auth;
}

const card = (title: string) => screen.getByRole('region', { name: title });

describe('the user space', () => {
  it('says who is signed in, and leads to their profile and their settings', () => {
    open('customer-engineering-user');
    expect(screen.getByRole('heading', { name: 'User space', level: 1 })).toBeVisible();
    expect(screen.getByText(/Signed in as Ada Lovelace/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      'mailto:ada@example.com',
    );
    const profile = within(card('Profile')).getByRole('link', { name: 'Open my profile' });
    expect(profile).toHaveAttribute('href', 'http://localhost:8080/idp/profile');
    expect(profile).toHaveAttribute('target', '_blank');
    expect(
      within(card('Configuration settings')).getByRole('link', { name: 'Open the settings' }),
    ).toHaveAttribute('href', '/user-space/configuration-settings');
  });

  it('signs the user out from its button', async () => {
    const user = userEvent.setup();
    const auth = open('series-user');
    await user.click(within(card('Sign out')).getByRole('button', { name: 'Sign out' }));
    expect(auth.signOut).toHaveBeenCalledTimes(1);
  });
});
