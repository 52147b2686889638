import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { fakeAuth, testMe } from '../testing/fixtures';
import { renderWithProviders, type TestContext } from '../testing/providers';
import { routes } from './routes';

function open(path: string, context: TestContext) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithProviders(<RouterProvider router={router} />, context);
  return router;
}

beforeEach(() => {
  stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
  });
});

describe('route guard', () => {
  it('sends a user who is not signed in to sign in, remembering where they were going', async () => {
    const auth = fakeAuth({ status: 'signed-out' });
    open('/user-space/configuration-settings?tab=print', { auth });
    expect(await screen.findByRole('heading', { name: 'Authentication required' })).toBeInTheDocument();
    await waitFor(() =>
      expect(auth.signIn).toHaveBeenCalledWith('/user-space/configuration-settings?tab=print'),
    );
  });

  it('sends a user without the feature to /notfound, without the query string', async () => {
    const me = testMe({ features: ['SERIES', 'SERIES.LIST'] });
    const router = open('/user-space?secret=1', { me });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notfound');
    expect(router.state.location.search).toBe('');
  });

  it('sends an unknown path to /notfound', async () => {
    const router = open('/no/such/screen?x=1', { me: testMe() });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notfound');
    expect(router.state.location.search).toBe('');
  });

  it('shows the screen to a user who may use its feature', async () => {
    const router = open('/user-space', { me: testMe() });
    expect(await screen.findByRole('heading', { name: 'User space' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user-space');
  });

  it('leads / to the user space for a user without a main tool', async () => {
    const router = open('/', {
      me: testMe({ roles: ['dashboard-viewer'], features: ['USER', 'USER.SPACE'] }),
    });
    expect(await screen.findByRole('heading', { name: 'User space' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user-space');
  });

  it('shows public screens without signing in', async () => {
    const auth = fakeAuth({ status: 'signed-out' });
    open('/notfound', { auth });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('shows the not-yet-authenticated countdown when the session could not be checked, without signing in', async () => {
    const auth = fakeAuth({ status: 'check-failed' });
    const router = open('/user-space?tab=1', { auth });
    expect(await screen.findByRole('heading', { name: 'Not signed in yet' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('Returning in 5 s');
    expect(router.state.location.pathname).toBe('/user-space');
    expect(auth.signIn).not.toHaveBeenCalled();
  });

  it('shows the session-expired screen when the session ended', async () => {
    const router = open('/user-space', { auth: fakeAuth({ status: 'expired' }) });
    expect(await screen.findByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/session-expired');
  });

  it('has a banner and a content-info landmark, and the user menu', async () => {
    open('/user-space', { me: testMe() });
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Ada Lovelace, user menu' })).toHaveTextContent(
      'Ada Lovelace',
    );
  });
});
