import type { Order } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../../testing/render-route';
import { CALIBRATION_OPTIONS, ORDER, QUOTED_ORDER } from '../../../testing/order-fixtures';
import { OrderPage } from './order-page';

const AWAITING: Order = {
  ...ORDER,
  status: 'awaiting-payment',
  paymentMethodType: 'card',
  quote: { message: null, purchaseOrder: null, note: null, validUntil: null },
  actions: ['pay', 'requestQuote', 'cancel'],
};
const QUOTED: Order = { ...QUOTED_ORDER, actions: ['acceptQuote', 'cancel'] };

function stubOrder(order: Order, after: { status?: number; body: unknown } = { body: order }) {
  return stubFetch({
    'GET /api/Orders/42': { body: order },
    'GET /api/CalibrationRequest/Options': { body: CALIBRATION_OPTIONS },
    'POST /api/Orders/42/Cancel': { body: { ...order, status: 'cancelled', actions: [] } },
    'POST /api/Orders/42/AcceptQuote': after,
  });
}

function open() {
  return renderRoute(
    [
      { path: '/user/orders/:orderId', element: <OrderPage /> },
      { path: '/order-request-quote/:orderId', element: <p>Quote request</p> },
    ],
    '/user/orders/42',
    'customer-engineering-user',
    { me: { wholeFleet: false } },
  );
}

describe("a customer's order", { timeout: 30_000 }, () => {
  it('shows its lines and timeline, with paying, asking for a quote and cancelling while it awaits payment', async () => {
    const user = userEvent.setup({ delay: null });
    stubOrder(AWAITING);
    const router = open();
    expect(await screen.findByRole('heading', { name: `Order ${ORDER.number}` })).toBeVisible();
    expect(within(screen.getByTestId('order-header')).getByText('Awaiting payment')).toBeVisible();
    const lines = screen.getByRole('table', { name: 'Order lines' });
    expect(within(lines).getAllByRole('row', { name: /TPMS tool calibration/ })).toHaveLength(2);
    expect(within(lines).getByRole('row', { name: /Total/ })).toHaveTextContent('€178.00');
    expect(screen.getByRole('region', { name: 'Timeline' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pay now' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel the order' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ask for a quote instead' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-request-quote/42'));
  });

  it('is cancelled once the customer confirms', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubOrder(AWAITING);
    open();
    await user.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    const dialog = await screen.findByRole('dialog', { name: `Cancel order ${ORDER.number}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    expect(await screen.findByText('Order cancelled')).toBeVisible();
    expect(requestsTo(fetchSpy, 'POST', '/api/Orders/42/Cancel')).toHaveLength(1);
  });

  it('offers a quote to accept, never without the terms', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubOrder(QUOTED, { body: { ...QUOTED, status: 'awaiting-payment', actions: [] } });
    open();
    expect(await screen.findByText('Your quote is ready')).toBeVisible();
    expect(screen.getByText('Battery included')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    const accept = screen.getByRole('button', { name: 'Accept the quote' });
    await waitFor(() => expect(accept).toBeEnabled());
    await user.click(accept);
    const dialog = await screen.findByRole('dialog', { name: 'Accept the quote' });
    await user.click(within(dialog).getByRole('radio', { name: /Bank transfer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Accept the quote' }));
    expect(within(dialog).getByText('Accept the terms to order.')).toBeVisible();
    expect(requestsTo(fetchSpy, 'POST', '/api/Orders/42/AcceptQuote')).toHaveLength(0);
    await user.click(within(dialog).getByRole('checkbox', { name: /I accept the/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Accept the quote' }));
    expect(await screen.findByText('Quote accepted: the invoice is in your order.')).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Orders/42/AcceptQuote');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      paymentMethodType: 'bank_transfer',
      acceptedTermsVersion: CALIBRATION_OPTIONS.termsVersion,
    });
  });

  it("says the server's refusal of the payment method under it, in the user's words", async () => {
    const user = userEvent.setup({ delay: null });
    stubOrder(QUOTED, {
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.paymentMethodType: is not a payment method offered',
        details: [
          {
            field: 'body.paymentMethodType',
            message: 'is not a payment method offered',
            rule: { kind: 'unavailable' },
          },
        ],
      },
    });
    open();
    const accept = await screen.findByRole('button', { name: 'Accept the quote' });
    await waitFor(() => expect(accept).toBeEnabled());
    await user.click(accept);
    const dialog = await screen.findByRole('dialog', { name: 'Accept the quote' });
    await user.click(within(dialog).getByRole('checkbox', { name: /I accept the/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Accept the quote' }));
    expect(await within(dialog).findByText('Not saved: check the fields marked.')).toBeVisible();
    expect(within(dialog).getByText('Not available for this request')).toBeVisible();
    expect(within(dialog).queryByText(/body\.|Invalid|offered/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Accept the quote' })).toBeEnabled();
  });
});
