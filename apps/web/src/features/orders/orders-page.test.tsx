import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { ORDER_SUMMARY } from '../../testing/order-fixtures';
import { OrdersPage } from './orders-page';

describe("a customer's orders", { timeout: 30_000 }, () => {
  it("list the company's orders without other companies' column, each row opening its page", async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubFetch({
      'GET /api/Orders': { body: { orders: [ORDER_SUMMARY], totalCount: 1 } },
    });
    const router = renderRoute(
      [
        { path: '/user/orders', element: <OrdersPage /> },
        { path: '/user/orders/:orderId', element: <p>One order</p> },
      ],
      '/user/orders',
      'customer-engineering-manager',
      { me: { wholeFleet: false } },
    );
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(within(table).queryByRole('columnheader', { name: 'Company' })).toBeNull();
    const row = within(table).getByRole('row', { name: /ORD-2026-0042/ });
    expect(within(row).getByText('Quote requested')).toBeVisible();
    expect(within(row).getByRole('cell', { name: '€178.00' })).toBeVisible();
    expect(requestsTo(fetchSpy, 'GET', '/api/Orders')).not.toHaveLength(0);
    // Staff's list is never asked for.
    expect(requestsTo(fetchSpy, 'GET', '/api/Shop/Orders')).toHaveLength(0);
    const link = within(row).getByRole('link', { name: new RegExp(`Open order ${ORDER_SUMMARY.number}`) });
    expect(link).toHaveAttribute('href', '/user/orders/42');
    // The whole row leads there, not only its number.
    await user.click(within(row).getByRole('cell', { name: '€178.00' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/orders/42'));
  });
});
