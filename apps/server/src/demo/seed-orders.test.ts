import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { orders } from '../db/schema.ts';
import { seedDemoOrders } from './seed-orders.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('demo orders', () => {
  it('places one order at each stage through the services, once', async () => {
    const db = server.database.db;
    expect(await seedDemoOrders(db, server.app.media)).toBe(7);
    const statuses = (await db.select({ status: orders.status }).from(orders).orderBy(asc(orders.id))).map(
      (row) => row.status,
    );
    expect(statuses).toEqual([
      'delivered',
      'in-service',
      'pickup-scheduled',
      'awaiting-payment',
      'quoted',
      'quote-requested',
      'cancelled',
    ]);
    expect(await seedDemoOrders(db, server.app.media)).toBe(0);
    const staff = (await server.call('support-manager', 'GET', '/api/Shop/Orders?Status=quoted')).json();
    expect(staff.orders[0].totalMinor).toBeGreaterThan(0);
  });
});
