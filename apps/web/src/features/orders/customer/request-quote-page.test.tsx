import type { Order } from '@fleet/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../../testing/render-route';
import { ORDER } from '../../../testing/order-fixtures';
import { RequestQuotePage } from './request-quote-page';

const AWAITING: Order = {
  ...ORDER,
  status: 'awaiting-payment',
  quote: { message: null, purchaseOrder: null, note: null, validUntil: null },
  actions: ['pay', 'requestQuote', 'cancel'],
};

function stubQuote(asked: { status?: number; body: unknown } = { body: ORDER }) {
  let sent = false;
  return stubFetch({
    'GET /api/Orders/42': () => ({ body: sent && !asked.status ? ORDER : AWAITING }),
    'POST /api/Orders/42/RequestQuote': () => {
      sent = true;
      return asked;
    },
  });
}

function open(
  role: 'customer-engineering-user' | 'customer-engineering-manager' = 'customer-engineering-user',
) {
  renderRoute([{ path: '/quote/:orderId', element: <RequestQuotePage /> }], '/quote/42', role, {
    me: { wholeFleet: false },
  });
}

describe('a quote request', { timeout: 30_000 }, () => {
  it('sends what the customer needs and their reference, then shows what was asked', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubQuote();
    open();
    await user.type(
      await screen.findByRole('textbox', { name: 'What you need' }),
      '  Please add a spare battery ',
    );
    await user.type(screen.getByRole('textbox', { name: 'Your purchase-order reference' }), 'PO-778');
    await user.click(screen.getByRole('button', { name: 'Ask for the quote' }));
    expect(await screen.findByText('Quote requested')).toBeVisible();
    expect(screen.getByText('“Please add a spare battery”')).toBeVisible();
    expect(screen.getByText('Your reference: PO-778')).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Orders/42/RequestQuote');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      message: 'Please add a spare battery',
      purchaseOrder: 'PO-778',
    });
  });

  it("puts the server's refusal under the reference, in the user's words", async () => {
    const user = userEvent.setup({ delay: null });
    stubQuote({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.purchaseOrder: must be at most 60 characters',
        details: [
          {
            field: 'body.purchaseOrder',
            message: 'must be at most 60 characters',
            rule: { kind: 'too_long', limit: 60 },
          },
        ],
      },
    });
    open('customer-engineering-manager');
    await user.type(await screen.findByRole('textbox', { name: 'Your purchase-order reference' }), 'PO-778');
    await user.click(screen.getByRole('button', { name: 'Ask for the quote' }));
    expect(await screen.findByText('Not saved: check the fields marked.')).toBeVisible();
    expect(
      screen.getByRole('textbox', { name: 'Your purchase-order reference' }),
    ).toHaveAccessibleDescription('At most 60 characters');
    expect(screen.queryByText(/body\.|Invalid|must be/)).toBeNull();
  });

  it('is no longer offered once the order is paid', async () => {
    stubFetch({ 'GET /api/Orders/42': { body: { ...AWAITING, status: 'paid', actions: [] } } });
    open();
    expect(await screen.findByText('This order is Paid: it can no longer be quoted.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Ask for the quote' })).toBeNull();
  });
});
