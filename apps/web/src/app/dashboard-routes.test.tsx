import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderRoute } from '../testing/render-route';
import { routes } from './routes';

beforeEach(() => {
  stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    'GET /api/Dashboards': { body: { data: [], lastViewed: null } },
  });
});

describe('the dashboard', () => {
  it('opens for a customer engineering manager, who may not make one', async () => {
    renderRoute(routes, '/dashboard', 'customer-engineering-manager');
    // Each screen is a chunk of its own: the first load of one takes a while in a busy test run.
    expect(
      await screen.findByText('No dashboard has been made for your company yet.', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New dashboard' })).toBeNull();
  });

  it('does not open for support staff, even by a typed address', async () => {
    const router = renderRoute(routes, '/dashboard', 'support-user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notfound'), { timeout: 10_000 });
  });
});
