import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute } from '../../testing/render-route';
import { AccountingOrderPage } from './accounting-order-page';
import { ORDER } from '../../testing/order-fixtures';

const INVOICED = {
  ...ORDER,
  // What staff could do is not accounting's: the server answers no action.
  actions: [],
  invoice: { id: 7, number: 'INV-2026-000007', issuedAt: '2026-11-02T10:00:00.000Z' },
};

describe('the order behind a journal entry', () => {
  it('shows the order read-only, with its invoice and the way back to its entries and account', async () => {
    stubFetch({ 'GET /api/Accounting/Orders/42': { body: INVOICED } });
    renderRoute(
      [{ path: '/tool/accounting-management/orders/:orderId', element: <AccountingOrderPage /> }],
      '/tool/accounting-management/orders/42',
      'accounting',
    );
    expect(await screen.findByRole('heading', { name: 'Order ORD-2026-0042' })).toBeVisible();
    expect(screen.getByText(/^Analytical Engines · placed .* · in EUR$/)).toBeVisible();
    expect(screen.getByRole('table', { name: 'Order lines' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Invoice INV-2026-000007' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /Cancel|quote/i })).toBeNull();
    expect(screen.getByRole('link', { name: 'Its sales entries' })).toHaveAttribute(
      'href',
      '/tool/accounting-management/sales-journal?Search=ORD-2026-0042',
    );
    expect(screen.getByRole('link', { name: 'Customer account of Analytical Engines' })).toHaveAttribute(
      'href',
      '/tool/accounting-management/customer-accounts?Search=Analytical+Engines',
    );
  });
});
