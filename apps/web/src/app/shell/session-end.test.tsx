import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserManager, type User } from 'oidc-client-ts';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppSettingsContext } from '../../hooks/use-app-settings';
import { useAuth } from '../../hooks/use-auth';
import { meQueryOptions } from '../../lib/endpoints/me';
import { stubFetch } from '../../testing/fetch-stub';
import { fakeAuth, testMe, testSettings } from '../../testing/fixtures';
import { renderWithProviders, testQueryClient } from '../../testing/providers';
import { AuthProvider } from '../auth-provider';
import { RouteGuard } from '../route-guard';
import { SessionEffects } from './session-effects';

afterEach(() => vi.restoreAllMocks());

function Status() {
  return <output>{useAuth().status}</output>;
}

describe('the end of the session in another tab', () => {
  it('signs this tab out and drops every answer it had loaded', async () => {
    stubFetch({ 'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } } });
    vi.spyOn(UserManager.prototype, 'getUser').mockResolvedValue({
      access_token: 'token',
      expired: false,
    } as unknown as User);
    vi.spyOn(UserManager.prototype, 'removeUser').mockResolvedValue();
    const queryClient = testQueryClient();
    queryClient.setQueryData(meQueryOptions(true).queryKey, testMe());
    queryClient.setQueryData(['series-list', 'PageNumber=1'], { series: [], totalCount: 2000 });
    render(
      <AppSettingsContext.Provider value={testSettings}>
        <MantineProvider env="test">
          <AuthProvider settings={testSettings}>
            <QueryClientProvider client={queryClient}>
              <SessionEffects />
              <Status />
            </QueryClientProvider>
          </AuthProvider>
        </MantineProvider>
      </AppSettingsContext.Provider>,
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('signed-in'));
    expect(queryClient.getQueryData(['series-list', 'PageNumber=1'])).toBeDefined();

    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'oidc.user:http://localhost:8080/idp:fleet-console',
          oldValue: '{}',
          newValue: null,
        }),
      );
    });
    expect(screen.getByRole('status')).toHaveTextContent('ended-elsewhere');
    await waitFor(() => expect(queryClient.getQueryCache().getAll()).toHaveLength(0));
  });

  it('says so in this tab, and signs in again only when asked', async () => {
    const auth = fakeAuth({ status: 'ended-elsewhere' });
    const router = createMemoryRouter(
      [
        {
          element: <RouteGuard access={{ feature: 'SERIES.LIST' }} />,
          children: [{ path: '/series/devices', element: <p>Devices</p> }],
        },
      ],
      { initialEntries: ['/series/devices?pageNumber=2'] },
    );
    const user = userEvent.setup();
    renderWithProviders(<RouterProvider router={router} />, { auth, me: testMe() });
    expect(await screen.findByRole('heading', { name: 'You signed out' })).toBeInTheDocument();
    expect(screen.getByText(/in another tab/)).toBeInTheDocument();
    expect(screen.queryByText('Devices')).not.toBeInTheDocument();
    expect(auth.signIn).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(auth.signIn).toHaveBeenCalledWith('/series/devices?pageNumber=2');
  });
});
