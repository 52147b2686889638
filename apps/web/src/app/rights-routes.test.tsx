import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderRoute } from '../testing/render-route';
import { routes } from './routes';

beforeEach(() => {
  stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    'GET /api/Rights/Users': { body: { users: [], totalCount: 0 } },
    'GET /api/Companies': { body: { companies: [] } },
    'GET /api/DeviceGroups': { body: { groups: [] } },
  });
});

describe('rights management', () => {
  it('leads support staff to the users, with the groups and roles beside', async () => {
    const router = renderRoute(routes, '/tool/rights-management', 'support-user');
    // Each screen is a chunk of its own: the first load of one takes a while in a busy test run.
    expect(
      await screen.findByRole('tab', { name: 'Users', selected: true }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/tool/rights-management/users');
    expect(screen.getByRole('tab', { name: 'Groups' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Roles' })).toBeVisible();
  });

  it('does not open for devops staff, even by a typed address', async () => {
    const router = renderRoute(routes, '/tool/rights-management/groups', 'devops-manager');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notfound'), { timeout: 10_000 });
    expect(screen.queryByRole('tab', { name: 'Groups' })).toBeNull();
  });
});
