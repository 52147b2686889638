import type { RoleCode } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../../testing/render-route';
import { ORDER, ORDER_SUMMARY, QUOTED_ORDER } from '../../../testing/order-fixtures';
import { StaffOrdersPage } from './staff-orders-page';

function stubOrders(quoted: { status?: number; body: unknown } = { body: QUOTED_ORDER }) {
  let sent = false;
  return stubFetch({
    'GET /api/Shop/Orders': { body: { orders: [ORDER_SUMMARY], totalCount: 1 } },
    'GET /api/Shop/Orders/42': () => ({ body: sent && !quoted.status ? QUOTED_ORDER : ORDER }),
    'GET /api/Companies': { body: { companies: [] } },
    'GET /api/Shop/ServiceCenters': {
      body: { serviceCenters: [{ id: 3, code: 'NANTES', name: 'Nantes service center' }] },
    },
    'POST /api/Shop/Orders/42/Quote': () => {
      sent = true;
      return quoted;
    },
  });
}

function open(role: RoleCode, path = '/orders') {
  renderRoute([{ path: '/orders', element: <StaffOrdersPage /> }], path, role);
}

async function openQuote(user: ReturnType<typeof userEvent.setup>) {
  open('support-manager', '/orders?orderId=42');
  const drawer = await screen.findByRole('dialog', { name: 'Order' });
  await user.click(await within(drawer).findByRole('button', { name: 'Send a quote' }));
  return screen.findByRole('dialog', { name: `Quote for order ${ORDER.number}` });
}

describe("staff's orders", { timeout: 30_000 }, () => {
  it('lists every company’s orders and opens one in a drawer with what staff may do now', async () => {
    const user = userEvent.setup({ delay: null });
    stubOrders();
    open('support-manager');
    const table = await screen.findByRole('table', { name: 'Orders' });
    const row = within(table).getByRole('row', { name: /ORD-2026-0042/ });
    expect(within(row).getByRole('cell', { name: 'Analytical Engines' })).toBeVisible();
    expect(within(row).getByText('Quote requested')).toBeVisible();
    expect(within(row).getByRole('cell', { name: 'Nantes service center' })).toBeVisible();
    expect(within(row).getByRole('cell', { name: '€178.00' })).toBeVisible();
    await user.click(within(row).getByRole('button', { name: `Open order ${ORDER.number}` }));
    const drawer = await screen.findByRole('dialog', { name: 'Order' });
    expect(await within(drawer).findByRole('heading', { name: `Order ${ORDER.number}` })).toBeVisible();
    expect(within(drawer).getByText('Please add a spare battery')).toBeVisible();
    expect(within(drawer).getByText('Your reference: PO-778')).toBeVisible();
    expect(within(drawer).getByRole('button', { name: 'Send a quote' })).toBeVisible();
    expect(within(drawer).getByRole('button', { name: 'Cancel the order' })).toBeVisible();
    // Support managers correct an order's addresses before its devices are picked up.
    expect(within(drawer).getByRole('button', { name: 'Edit addresses' })).toBeVisible();
  });

  it('open an order from anywhere on its row', async () => {
    const user = userEvent.setup({ delay: null });
    stubOrders();
    open('support-manager');
    const table = await screen.findByRole('table', { name: 'Orders' });
    await user.click(within(table).getByRole('cell', { name: 'Analytical Engines' }));
    const drawer = await screen.findByRole('dialog', { name: 'Order' });
    expect(await within(drawer).findByRole('heading', { name: `Order ${ORDER.number}` })).toBeVisible();
  });

  it('offer no address correction to a role without that right', async () => {
    stubOrders();
    open('business', '/orders?orderId=42');
    const drawer = await screen.findByRole('dialog', { name: 'Order' });
    expect(await within(drawer).findByRole('button', { name: 'Send a quote' })).toBeVisible();
    expect(within(drawer).queryByRole('button', { name: 'Edit addresses' })).toBeNull();
  });

  it('are quoted with parts, a discount, a validity and a note; the drawer shows the order quoted', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubOrders();
    const dialog = await openQuote(user);
    expect(within(dialog).getByText(/Please add a spare battery/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Add a part' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'SKU code' }), 'BATTERY-01');
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Discount (EUR)' }), '10');
    const validUntil = within(dialog).getByRole('textbox', { name: 'Valid until' });
    await user.clear(validUntil);
    await user.type(validUntil, '2026-12-31');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Note to the customer' }),
      'Battery included',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send the quote' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: `Quote for order ${ORDER.number}` })).toBeNull(),
    );
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Shop/Orders/42/Quote');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      parts: [{ skuCode: 'BATTERY-01', quantity: 2 }],
      discountMinor: 1000,
      validUntil: '2026-12-31',
      note: 'Battery included',
    });
    const drawer = screen.getByRole('dialog', { name: 'Order' });
    expect(await within(drawer).findByRole('button', { name: 'Change the quote' })).toBeVisible();
  });

  it('refuse a validity that is no day under its field, and send nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubOrders();
    const dialog = await openQuote(user);
    const validUntil = within(dialog).getByRole('textbox', { name: 'Valid until' });
    await user.clear(validUntil);
    await user.type(validUntil, '31/12/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Send the quote' }));
    expect(validUntil).toHaveAccessibleDescription(/Not in the expected format/);
    expect(requestsTo(fetchSpy, 'POST', '/api/Shop/Orders/42/Quote')).toHaveLength(0);
  });

  it("say the server's refusal of a SKU under that part, in the user's words", async () => {
    const user = userEvent.setup({ delay: null });
    stubOrders({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.parts.0.skuCode: is not an active SKU',
        details: [
          { field: 'body.parts.0.skuCode', message: 'is not an active SKU', rule: { kind: 'unknown' } },
        ],
      },
    });
    const dialog = await openQuote(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add a part' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add a part' }));
    // The first row is left empty: the part refused is the second row, the first one sent.
    const [, second] = within(dialog).getAllByRole('textbox', { name: 'SKU code' });
    await user.type(second!, 'NO-SUCH-SKU');
    await user.click(within(dialog).getByRole('button', { name: 'Send the quote' }));
    expect(await within(dialog).findByText('Not saved: check the fields marked.')).toBeVisible();
    const [first, refused] = within(dialog).getAllByRole('textbox', { name: 'SKU code' });
    expect(refused).toHaveAccessibleDescription('Not found: choose an existing one');
    expect(first).not.toHaveAccessibleDescription(/Not found/);
    expect(within(dialog).queryByText(/body\.|Invalid|active SKU/)).toBeNull();
  });

  it("have their addresses corrected, the server's refusal said under the field of the address it names", async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubFetch({
      'GET /api/Shop/Orders': { body: { orders: [ORDER_SUMMARY], totalCount: 1 } },
      'GET /api/Shop/Orders/42': { body: ORDER },
      'GET /api/Companies': { body: { companies: [] } },
      'GET /api/Shop/ServiceCenters': { body: { serviceCenters: [] } },
      'PUT /api/Shop/Orders/42/Addresses': {
        status: 400,
        body: {
          status: 400,
          message: 'Invalid body.billingAddress.postalCode: must be at most 20 characters',
          details: [
            {
              field: 'body.billingAddress.postalCode',
              message: 'must be at most 20 characters',
              rule: { kind: 'too_long', limit: 20 },
            },
          ],
        },
      },
    });
    open('administrator', '/orders?orderId=42');
    const drawer = await screen.findByRole('dialog', { name: 'Order' });
    await user.click(await within(drawer).findByRole('button', { name: 'Edit addresses' }));
    const dialog = await screen.findByRole('dialog', { name: `Addresses of order ${ORDER.number}` });
    const [pickupCity] = within(dialog).getAllByRole('textbox', { name: /^City/ });
    await user.clear(pickupCity!);
    await user.type(pickupCity!, 'Villeurbanne');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Not saved: check the fields marked.')).toBeVisible();
    const [pickupPostalCode, billingPostalCode] = within(dialog).getAllByRole('textbox', {
      name: /^Postal code/,
    });
    expect(billingPostalCode).toHaveAccessibleDescription('At most 20 characters');
    expect(pickupPostalCode).not.toHaveAccessibleDescription();
    expect(within(dialog).queryByText(/body\.|Invalid|must be|Street, city/)).toBeNull();
    const [sent] = requestsTo(fetchSpy, 'PUT', '/api/Shop/Orders/42/Addresses');
    const body = JSON.parse(String(sent?.init?.body));
    expect(body.pickupAddress).toMatchObject({
      locality: 'Villeurbanne',
      addressLines: ['12 Rue des Forges'],
    });
    expect(body.billingAddress).toMatchObject({ locality: 'Lyon' });
  });

  it('book the pick-up of a paid order on the day staff give, never on one that is no day', async () => {
    const user = userEvent.setup({ delay: null });
    const paid = { ...ORDER, status: 'paid' as const, actions: ['schedulePickup'] };
    const booked = { ...paid, status: 'pickup-scheduled' as const, actions: [] };
    let sent = false;
    const fetchSpy = stubFetch({
      'GET /api/Shop/Orders': { body: { orders: [ORDER_SUMMARY], totalCount: 1 } },
      'GET /api/Shop/Orders/42': () => ({ body: sent ? booked : paid }),
      'GET /api/Companies': { body: { companies: [] } },
      'GET /api/Shop/ServiceCenters': { body: { serviceCenters: [] } },
      'POST /api/Shop/Orders/42/Pickup': () => {
        sent = true;
        return { body: booked };
      },
    });
    open('devops-user', '/orders?orderId=42');
    const drawer = await screen.findByRole('dialog', { name: 'Order' });
    expect(within(drawer).queryByRole('button', { name: 'Send a quote' })).toBeNull();
    await user.click(await within(drawer).findByRole('button', { name: 'Book the pick-up' }));
    const prompt = await screen.findByRole('dialog', { name: `Book the pick-up of order ${ORDER.number}` });
    const day = within(prompt).getByRole('textbox', { name: /^Pick-up day/ });
    await user.clear(day);
    await user.type(day, 'tomorrow');
    await user.click(within(prompt).getByRole('button', { name: 'Book' }));
    expect(within(prompt).getAllByText('A day such as 2026-12-01').length).toBeGreaterThan(0);
    expect(requestsTo(fetchSpy, 'POST', '/api/Shop/Orders/42/Pickup')).toHaveLength(0);
    await user.clear(day);
    await user.type(day, '2026-12-02');
    await user.click(within(prompt).getByRole('button', { name: 'Book' }));
    expect(await within(drawer).findByText('Pick-up booked')).toBeVisible();
    const [booking] = requestsTo(fetchSpy, 'POST', '/api/Shop/Orders/42/Pickup');
    expect(JSON.parse(String(booking?.init?.body))).toEqual({ pickupDate: '2026-12-02' });
  });
});
