import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderRoute } from '../testing/render-route';
import { routes } from './routes';

beforeEach(() => {
  stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
  });
});

describe('warranty codes', () => {
  it('open the bulk decoding for staff, who have a task list', async () => {
    const router = renderRoute(routes, '/warrantycode/bulk', 'support-user');
    // Each screen is a chunk of its own: the first load of one takes a while in a busy test run.
    expect(
      await screen.findByRole('tab', { name: 'Bulk', selected: true }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/warrantycode/bulk');
    expect(await screen.findByText('Choose a file of codes first.')).toBeVisible();
  });

  it('keep a customer warranty user to the decoder, even by a typed address of the bulk decoding', async () => {
    const router = renderRoute(routes, '/warrantycode/bulk', 'customer-warranty-user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/warrantycode/decode'), {
      timeout: 10_000,
    });
    expect(await screen.findByRole('button', { name: 'Decode' }, { timeout: 10_000 })).toBeVisible();
    // Their one tab is the screen itself: no tab leads to the bulk decoding.
    expect(screen.queryByRole('tab', { name: 'Bulk' })).toBeNull();
    expect(screen.queryByText('Choose a file of codes first.')).toBeNull();
  });

  it('do not open for a role without warranty codes', async () => {
    const router = renderRoute(routes, '/warrantycode/decode', 'dashboard-viewer');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notfound'), { timeout: 10_000 });
  });
});
