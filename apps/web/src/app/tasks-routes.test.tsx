import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderRoute } from '../testing/render-route';
import { routes } from './routes';

beforeEach(() => {
  stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    'GET /api/Task/list-viewer': { body: { data: [] } },
    'GET /api/Task': { body: { data: [] } },
  });
});

describe('the tasks page', () => {
  it('opens for a customer who may export, at its list', async () => {
    const router = renderRoute(routes, '/tasks', 'customer-engineering-export');
    // Each screen is a chunk of its own: the first load of one takes a while in a busy test run.
    expect(await screen.findByRole('region', { name: 'Pending tasks' }, { timeout: 10_000 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/tasks/list');
  });

  it('does not open for a role that exports nothing, even by a typed address', async () => {
    const router = renderRoute(routes, '/tasks/list', 'customer-warranty-user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notfound'), { timeout: 10_000 });
    expect(screen.queryByRole('region', { name: 'Pending tasks' })).toBeNull();
  });
});
