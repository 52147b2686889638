import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderRoute } from '../testing/render-route';
import { routes } from './routes';

beforeEach(() => {
  stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    'GET /api/AuditLog': { body: { data: [] } },
  });
});

describe('the logs', () => {
  it('open for a support manager', async () => {
    renderRoute(routes, '/logs', 'support-manager');
    // Each screen is a chunk of its own: the first load of one takes a while in a busy test run.
    expect(await screen.findByRole('heading', { name: 'Logs' }, { timeout: 10_000 })).toBeVisible();
    expect(
      await screen.findByText('Every change people make in the product is listed here once made.'),
    ).toBeVisible();
  });

  it('do not open for a support user, even by a typed address', async () => {
    const router = renderRoute(routes, '/logs', 'support-user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notfound'), { timeout: 10_000 });
    expect(screen.queryByRole('heading', { name: 'Logs' })).toBeNull();
  });
});
