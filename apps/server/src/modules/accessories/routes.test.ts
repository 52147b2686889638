import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, ne } from 'drizzle-orm';
import { accessoryListAnswerSchema, readCursorPaging, type Accessory } from '@fleet/contract';
import { accessories } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

let server: TestServer;
let customerCompanyId: string;
beforeAll(async () => {
  server = await startTestServer();
  customerCompanyId = await server.demoCustomerCompanyId();
});
afterAll(async () => server?.close());

const auth = async (username: string) => ({ authorization: `Bearer ${await server.tokenFor(username)}` });

async function page(username: string, query: string) {
  const response = await server.app.inject({
    url: `/api/Accessories?${query}`,
    headers: await auth(username),
  });
  expect(response.statusCode, response.body).toBe(200);
  return {
    data: accessoryListAnswerSchema.parse(response.json()).data,
    paging: readCursorPaging((name) => response.headers[name] as string | undefined),
  };
}

describe('GET /api/Accessories (cursor paging)', () => {
  it('walks forward to the end and back to the start, in order, without gaps', async () => {
    const all = await server.database.db
      .select({ sn: accessories.serialNumber })
      .from(accessories)
      .orderBy(accessories.serialNumber);
    const seen: Accessory[] = [];
    let current = await page('administrator', 'SortColumnName=SerialNumber&PageSize=10');
    expect(current.paging.hasPrevious).toBe(false);
    seen.push(...current.data);
    while (current.paging.hasNext) {
      current = await page(
        'administrator',
        `SortColumnName=SerialNumber&PageSize=10&cursor=${current.paging.nextPage}`,
      );
      expect(current.paging.hasPrevious).toBe(true);
      seen.push(...current.data);
    }
    expect(seen.map((a) => a.serialNumber)).toEqual(all.map((a) => a.sn));
    const back = await page(
      'administrator',
      `SortColumnName=SerialNumber&PageSize=10&cursor=${current.paging.previousPage}`,
    );
    expect(back.data.map((a) => a.serialNumber)).toEqual(
      seen.slice(-current.data.length - 10, -current.data.length).map((a) => a.serialNumber),
    );
    expect(back.paging.hasNext).toBe(true);
  });

  it('jumps to the last page and to the first, in both orders and by date', async () => {
    const last = await page('administrator', 'SortColumnName=RegistrationDate&SortOrder=DESC&cursor=last');
    expect(last.paging.hasNext).toBe(false);
    expect(last.paging.hasPrevious).toBe(true);
    const dates = last.data.map((a) => a.registrationDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const previous = await page(
      'administrator',
      `SortColumnName=RegistrationDate&SortOrder=DESC&cursor=${last.paging.previousPage}`,
    );
    expect(previous.data.at(-1)!.registrationDate >= last.data[0]!.registrationDate).toBe(true);
    const first = await page(
      'administrator',
      `SortColumnName=RegistrationDate&SortOrder=DESC&cursor=${last.paging.firstPage}`,
    );
    expect(first.paging.hasPrevious).toBe(false);
  });

  it('refuses a made-up cursor and a bad page size', async () => {
    for (const query of ['cursor=abc', 'PageSize=7']) {
      const response = await server.app.inject({
        url: `/api/Accessories?${query}`,
        headers: await auth('administrator'),
      });
      expect(response.statusCode).toBe(400);
    }
  });

  it('filters by serial numbers and by device', async () => {
    const [one, two] = await server.database.db.select().from(accessories).limit(2);
    const both = await page(
      'administrator',
      `AccessoriesSerialNumbers=${one!.serialNumber}&AccessoriesSerialNumbers=${two!.serialNumber}`,
    );
    expect(both.data.map((a) => a.serialNumber).sort()).toEqual(
      [one!.serialNumber, two!.serialNumber].sort(),
    );
    const byDevice = await page('administrator', `SeriesSerialNumber=${both.data[0]!.seriesSerialNumber}`);
    expect(byDevice.data.every((a) => a.seriesSerialNumber === both.data[0]!.seriesSerialNumber)).toBe(true);
  });

  it('keeps customers to their own accessories on every endpoint', async () => {
    const owned = await server.database.db
      .select()
      .from(accessories)
      .where(eq(accessories.companyId, customerCompanyId));
    const list = await page('customer-engineering-user', 'PageSize=100');
    expect(list.data.map((a) => a.serialNumber).sort()).toEqual(owned.map((a) => a.serialNumber).sort());
    const [foreign] = await server.database.db
      .select()
      .from(accessories)
      .where(ne(accessories.companyId, customerCompanyId))
      .limit(1);
    for (const url of [
      `/api/Accessories/${foreign!.id}`,
      `/api/Accessories/by-sn/${foreign!.serialNumber}`,
      `/api/Accessories/${foreign!.id}/users`,
      `/api/Accessories/${foreign!.id}/data`,
    ]) {
      const response = await server.app.inject({ url, headers: await auth('customer-engineering-user') });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('reads one accessory, its users and data, and replaces the data for allowed roles only', async () => {
    const [accessory] = await server.database.db.select().from(accessories).limit(1);
    const bySn = await server.app.inject({
      url: `/api/Accessories/by-sn/${accessory!.serialNumber}`,
      headers: await auth('support-user'),
    });
    expect(bySn.json().id).toBe(accessory!.id);
    const users = await server.app.inject({
      url: `/api/Accessories/${accessory!.id}/users`,
      headers: await auth('support-user'),
    });
    expect(users.statusCode).toBe(200);
    const forbidden = await server.app.inject({
      method: 'PUT',
      url: `/api/Accessories/${accessory!.id}/data`,
      headers: await auth('customer-engineering-user'),
      payload: { a: 1 },
    });
    expect(forbidden.statusCode).toBe(403);
    const put = await server.app.inject({
      method: 'PUT',
      url: `/api/Accessories/${accessory!.id}/data`,
      headers: await auth('support-manager'),
      payload: { firmware: '9.9', note: 'checked' },
    });
    expect(put.statusCode).toBe(200);
    const data = await server.app.inject({
      url: `/api/Accessories/${accessory!.id}/data`,
      headers: await auth('support-user'),
    });
    expect(data.json()).toEqual({ firmware: '9.9', note: 'checked' });
    const notObject = await server.app.inject({
      method: 'PUT',
      url: `/api/Accessories/${accessory!.id}/data`,
      headers: await auth('support-manager'),
      payload: [1, 2],
    });
    expect(notObject.statusCode).toBe(400);
  });
});
