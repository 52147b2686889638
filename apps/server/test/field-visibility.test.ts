import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  ROLE_CODES,
  canUseFeature,
  seesWholeFleet,
  seriesFieldVisibility,
  type RoleCode,
} from '@fleet/contract';
import { companies, series, stores, users } from '../src/db/schema.ts';
import { DEMO_CUSTOMER } from '../src/demo/seed.ts';
import { startTestServer, type TestServer } from './helpers.ts';

/**
 * For every role, the device card and device page answers carry exactly the fields the role may
 * see: a field it may not see is not sent at all.
 */
let server: TestServer;
/** A device with a store that has an address, in the company each demo user belongs to. */
const deviceOfCompany = new Map<string, string>();
let customerCompany: string;

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const rows = await db
    .select({ companyId: series.companyId, serialNumber: series.serialNumber })
    .from(series)
    .innerJoin(stores, eq(stores.id, series.storeId))
    .where(and(isNotNull(stores.address), isNotNull(series.groupId)))
    .orderBy(series.id);
  for (const row of rows)
    if (row.companyId && !deviceOfCompany.has(row.companyId))
      deviceOfCompany.set(row.companyId, row.serialNumber);
  const [customer] = await db.select().from(companies).where(eq(companies.code, DEMO_CUSTOMER));
  customerCompany = customer!.id;
});
afterAll(async () => server?.close());

async function deviceFor(role: RoleCode): Promise<string> {
  if (seesWholeFleet([role])) return deviceOfCompany.get(customerCompany)!;
  const [user] = await server.database.db.select().from(users).where(eq(users.username, role));
  const serialNumber = deviceOfCompany.get(user!.companyId!);
  if (!serialNumber) throw new Error(`no device with a store in the company of ${role}`);
  return serialNumber;
}

function expectShape(answer: Record<string, unknown>, role: RoleCode, page: boolean) {
  const visible = seriesFieldVisibility({ roles: [role], wholeFleet: seesWholeFleet([role]) });
  const where = `${role} ${page ? 'page' : 'card'}`;
  expect('earlyAccess' in answer, `${where}: earlyAccess`).toBe(visible.internalValues);
  expect('group' in answer, `${where}: group`).toBe(visible.internalValues);
  const store = answer.officialStore as Record<string, unknown> | null;
  expect(store, `${where}: officialStore`).not.toBeNull();
  expect('storeAddress' in store!, `${where}: storeAddress`).toBe(visible.storeAddress);
  if (!page) return;
  expect('serieUsers' in answer, `${where}: serieUsers`).toBe(visible.users);
  expect('accessories' in answer, `${where}: accessories`).toBe(visible.accessories);
}

describe('fields of device answers, role by role', () => {
  it.each(ROLE_CODES)('%s receives only what it may see', async (role) => {
    const serialNumber = await deviceFor(role);
    if (canUseFeature('SERIES.LIST', [role])) {
      const list = await server.call(role, 'GET', `/api/Series/User?Search=${serialNumber}`);
      expect(list.statusCode).toBe(200);
      const [card] = list.json().series as Record<string, unknown>[];
      expect(card?.serialNumber).toBe(serialNumber);
      expectShape(card!, role, false);
    }
    if (canUseFeature('SERIES.DETAILS', [role])) {
      const page = await server.call(role, 'GET', `/api/Series/${serialNumber}`);
      expect(page.statusCode).toBe(200);
      expectShape(page.json(), role, true);
    }
  });

  it('leaves store addresses out of store answers for roles that may not see them', async () => {
    for (const role of ['business', 'support-config'] as const) {
      const answer = await server.call(role, 'GET', '/api/Store?PageSize=100');
      const withAddress = (answer.json().stores as Record<string, unknown>[]).filter(
        (s) => 'storeAddress' in s,
      );
      expect(withAddress.length > 0, role).toBe(role === 'support-config');
    }
  });
});
