import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, ne } from 'drizzle-orm';
import { components, connections, series, updateHistory } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

let server: TestServer;
let customerCompanyId: string;
beforeAll(async () => {
  server = await startTestServer();
  customerCompanyId = await server.demoCustomerCompanyId();
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);

/** The device with the most rows in a table. */
async function busiest(table: typeof connections | typeof updateHistory | typeof components) {
  const rows = await server.database.db
    .select({ sn: series.serialNumber, n: count() })
    .from(table)
    .innerJoin(series, eq(series.id, table.seriesId))
    .groupBy(series.serialNumber);
  return rows.sort((a, b) => b.n - a.n)[0]!;
}

describe('device records', () => {
  it('pages the connection history, newest first', async () => {
    const device = await busiest(connections);
    const first = await call(
      'support-user',
      'GET',
      `/api/ConnectionHistory?SerialNumbers=${device.sn}&PageSize=2&PageNumber=1`,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().totalCount).toBe(device.n);
    const dates = first.json().data.map((c: { connectionDate: string }) => c.connectionDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const all = await call('support-user', 'GET', `/api/ConnectionHistory?SerialNumbers=${device.sn}`);
    expect(all.json().data).toHaveLength(Math.min(20, device.n));
    expect((await call('support-user', 'GET', '/api/ConnectionHistory')).statusCode).toBe(400);
    expect(
      (await call('support-user', 'GET', `/api/ConnectionHistory?SerialNumbers=${device.sn}&PageSize=0`))
        .statusCode,
    ).toBe(400);
  });

  it('answers the update history sorted as asked', async () => {
    const device = await busiest(updateHistory);
    const response = await call('support-user', 'POST', '/api/Updates/history', {
      serialNumbers: [device.sn],
      pageSize: 20,
      pageNumber: 1,
      sortColumnName: 'UpdateDate',
      sortOrder: 'ASC',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().totalCount).toBe(device.n);
    const dates = response.json().updateHistory.map((u: { updateDate: string }) => u.updateDate);
    expect(dates).toEqual([...dates].sort());
    expect(
      (await call('support-user', 'POST', '/api/Updates/history', { serialNumbers: [] })).statusCode,
    ).toBe(400);
  });

  it('adds, changes and removes components for the roles of spec §6 only', async () => {
    const device = await busiest(components);
    const before = await call('support-user', 'GET', `/api/Series/${device.sn}/components`);
    expect(before.json()).toHaveLength(device.n);
    expect(
      (await call('support-user', 'POST', `/api/Series/${device.sn}/components`, { name: 'Spare battery' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('support-manager', 'POST', `/api/Series/${device.sn}/components`, { name: '' })).statusCode,
    ).toBe(400);
    const added = await call('support-manager', 'POST', `/api/Series/${device.sn}/components`, {
      name: 'Spare battery',
      partNumber: 'BP777',
    });
    expect(added.statusCode).toBe(201);
    const id = added.json().id;
    expect(
      (await call('factory-user', 'PATCH', `/api/Series/${device.sn}/components/${id}`, { status: 'faulty' }))
        .statusCode,
    ).toBe(403);
    const changed = await call('support-user', 'PATCH', `/api/Series/${device.sn}/components/${id}`, {
      status: 'faulty',
    });
    expect(changed.json().status).toBe('faulty');
    expect(
      (await call('support-user', 'DELETE', `/api/Series/${device.sn}/components/${id}`)).statusCode,
    ).toBe(204);
    expect((await call('support-user', 'GET', `/api/Series/${device.sn}/components`)).json()).toHaveLength(
      device.n,
    );
  });

  it('answers locations, configuration and certificates, and nothing of foreign devices', async () => {
    const [own] = await server.database.db
      .select()
      .from(series)
      .where(and(eq(series.companyId, customerCompanyId), eq(series.deviceStatus, 'A')))
      .limit(1);
    // Device configuration is for staff (SERIES.DETAILS.CONFIGURATION); a customer gets 403.
    expect(
      (await call('customer-engineering-manager', 'GET', `/api/Series/${own!.serialNumber}/configuration`))
        .statusCode,
    ).toBe(403);
    const configuration = await call('support-user', 'GET', `/api/Series/${own!.serialNumber}/configuration`);
    expect(configuration.statusCode).toBe(200);
    expect(configuration.json()?.content ?? {}).toBeTypeOf('object');
    expect(
      (await call('customer-engineering-manager', 'GET', `/api/Series/${own!.serialNumber}/locations`))
        .statusCode,
    ).toBe(200);
    expect(
      (await call('customer-engineering-manager', 'GET', `/api/Series/${own!.serialNumber}/certificates`))
        .statusCode,
    ).toBe(200);
    const [foreign] = await server.database.db
      .select()
      .from(series)
      .where(ne(series.companyId, customerCompanyId))
      .limit(1);
    for (const tab of ['locations', 'certificates', 'components']) {
      expect(
        (await call('customer-engineering-manager', 'GET', `/api/Series/${foreign!.serialNumber}/${tab}`))
          .statusCode,
        tab,
      ).toBe(404);
    }
    const history = await call(
      'customer-engineering-manager',
      'GET',
      `/api/ConnectionHistory?SerialNumbers=${foreign!.serialNumber}`,
    );
    expect(history.json()).toEqual({ data: [], totalCount: 0 });
  });
});
