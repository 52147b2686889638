import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderRoute } from '../testing/render-route';
import { routes } from './routes';

beforeEach(() => {
  stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    'GET /api/CorruptedJobs': { body: { corruptedJobs: [], totalCount: 0 } },
  });
});

describe('corrupted jobs', () => {
  it('open for devops staff', async () => {
    renderRoute(routes, '/corrupted-jobs', 'devops-user');
    // Each screen is a chunk of its own: the first load of one takes a while in a busy test run.
    expect(await screen.findByRole('heading', { name: 'Corrupted jobs' }, { timeout: 10_000 })).toBeVisible();
    expect(await screen.findByText('No refused job matches these filters.')).toBeVisible();
  });

  it('do not open for factory staff, even by a typed address', async () => {
    const router = renderRoute(routes, '/corrupted-jobs', 'factory-user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notfound'), { timeout: 10_000 });
    expect(screen.queryByRole('heading', { name: 'Corrupted jobs' })).toBeNull();
  });
});
