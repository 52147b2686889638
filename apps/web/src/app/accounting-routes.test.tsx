import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../testing/fetch-stub';
import { renderRoute } from '../testing/render-route';
import { routes } from './routes';

beforeEach(() => {
  stubFetch({
    'GET /console/version.json': { body: { version: '25.08.00', build: 'test' } },
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    'GET /api/Accounting/Accounts': { body: { accounts: [] } },
  });
});

describe('accounting', () => {
  it('leads an accountant to the chart of accounts, with every accounting tab', async () => {
    const router = renderRoute(routes, '/tool/accounting-management', 'accounting');
    // Each screen is a chunk of its own: the first load of one takes a while in a busy test run.
    expect(
      await screen.findByRole('tab', { name: 'Accounts', selected: true }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/tool/accounting-management/accounts');
    for (const tab of ['Customer accounts', 'Sales journal', 'Payments journal', 'Customs declarations'])
      expect(screen.getByRole('tab', { name: tab })).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Add an account' })).toBeVisible();
  });

  it('does not open for staff without accounting, even by a typed address', async () => {
    const router = renderRoute(routes, '/tool/accounting-management/accounts', 'support-manager');
    await waitFor(() => expect(router.state.location.pathname).toBe('/notfound'), { timeout: 10_000 });
    expect(screen.queryByRole('button', { name: 'Add an account' })).toBeNull();
  });
});
