import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Order } from '@fleet/contract';
import { auditLog, invoices, orders } from '../../../db/schema.ts';
import { seedDemoOrders } from '../../../demo/seed-orders.ts';
import { startTestServer, type TestServer } from '../../../../test/helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemoOrders(server.database.db, server.app.media);
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);
const db = () => server.database.db;

async function orderAt(status: Order['status'], invoiced: boolean) {
  const rows = await db()
    .select({ id: orders.id, invoice: invoices.id })
    .from(orders)
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(and(eq(orders.status, status), invoiced ? isNotNull(invoices.id) : undefined));
  const row = rows.find((candidate) => (candidate.invoice !== null) === invoiced);
  expect(row, `an order ${status}${invoiced ? ', invoiced' : ''}`).toBeDefined();
  return (await call('administrator', 'GET', `/api/Shop/Orders/${row!.id}`)).json() as Order;
}

const strip = ({ label: _label, providerFormattedAddress: _formatted, ...address }: Order['pickupAddress']) =>
  address;

describe("staff correct an order's addresses", () => {
  it('before pick-up, with a timeline event and an audit entry, the company book untouched', async () => {
    const order = await orderAt('quote-requested', false);
    const pickupAddress = { ...strip(order.pickupAddress), addressLines: ['Gate 3, 12 Rue des Artisans'] };
    const answer = await call('support-manager', 'PUT', `/api/Shop/Orders/${order.id}/Addresses`, {
      pickupAddress,
      billingAddress: strip(order.billingAddress),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const after = answer.json() as Order;
    expect(after.pickupAddress.addressLines).toEqual(['Gate 3, 12 Rue des Artisans']);
    expect(after.events.at(-1)).toMatchObject({ action: 'addresses', status: 'quote-requested' });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.addresses'), eq(auditLog.subjectId, String(order.id))));
    expect(Object.keys(entry!.details)).toEqual(['number', 'pickupAddress']);
  });

  it('refuses after pick-up, an invoiced billing address, a missing city, and roles without the right', async () => {
    const travelling = await orderAt('in-service', true);
    const body = (order: Order) => ({
      pickupAddress: strip(order.pickupAddress),
      billingAddress: strip(order.billingAddress),
    });
    expect(
      (await call('administrator', 'PUT', `/api/Shop/Orders/${travelling.id}/Addresses`, body(travelling)))
        .statusCode,
    ).toBe(409);

    const invoiced = await orderAt('awaiting-payment', true);
    const moved = {
      ...body(invoiced),
      billingAddress: { ...body(invoiced).billingAddress, locality: 'Paris' },
    };
    const refused = await call('administrator', 'PUT', `/api/Shop/Orders/${invoiced.id}/Addresses`, moved);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('billing address');

    const noCity = { ...body(invoiced), pickupAddress: { ...body(invoiced).pickupAddress, locality: '' } };
    const bad = await call('administrator', 'PUT', `/api/Shop/Orders/${invoiced.id}/Addresses`, noCity);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('pickupAddress.locality');

    // Orders staff without the addresses right (business) and a customer.
    for (const user of ['business', 'customer-engineering-manager'])
      expect(
        (await call(user, 'PUT', `/api/Shop/Orders/${invoiced.id}/Addresses`, body(invoiced))).statusCode,
        user,
      ).toBe(403);
  });
});
