import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute } from '../../testing/render-route';
import { RolesPage } from './roles-page';

describe('the roles of rights management', () => {
  it('shows each role with its kind, its holders and the features it reaches, and nothing to change', async () => {
    stubFetch({
      'GET /api/Rights/Roles': {
        body: {
          roles: [
            { code: 'accounting', kind: 'internal', userCount: 2 },
            { code: 'dashboard-viewer', kind: 'customer', userCount: 1 },
          ],
        },
      },
    });
    renderRoute([{ path: '/roles', element: <RolesPage /> }], '/roles', 'support-user');
    const table = await screen.findByRole('table', { name: 'Roles' });
    const rows = within(table).getAllByRole('row').slice(1);
    const accounting = rows[0]!;
    expect(within(accounting).getByText('Accounting')).toBeVisible();
    expect(within(accounting).getByText('Internal')).toBeVisible();
    expect(within(accounting).getByRole('link', { name: '2 users' })).toHaveAttribute(
      'href',
      '/tool/rights-management/users?Role=accounting',
    );
    expect(within(accounting).getByText('ACCOUNTING_MANAGE.SALES_JOURNAL')).toBeInTheDocument();
    const viewer = rows[1]!;
    expect(within(viewer).getByText('Customer')).toBeVisible();
    expect(within(viewer).getByRole('link', { name: '1 user' })).toBeVisible();
    expect(within(viewer).getByText('DASHBOARD')).toBeInTheDocument();
    expect(within(viewer).queryByText('DASHBOARD.EDIT')).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit|Delete|New/ })).toBeNull();
  });
});
