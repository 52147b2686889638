import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { seriesListAnswerSchema, type SeriesCard } from '@fleet/contract';
import { components, series } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { taskFile } from '../../../test/tasks.ts';
import { parse } from 'csv-parse/sync';

let server: TestServer;
let customerCompanyId: string;

beforeAll(async () => {
  server = await startTestServer();
  customerCompanyId = await server.demoCustomerCompanyId();
});
afterAll(async () => server?.close());

async function list(username: string, query: string) {
  const response = await server.app.inject({
    url: `/api/Series/User?${query}`,
    headers: { authorization: `Bearer ${await server.tokenFor(username)}` },
  });
  return response;
}

async function cards(username: string, query: string) {
  const response = await list(username, query);
  expect(response.statusCode, response.body).toBe(200);
  return seriesListAnswerSchema.parse(response.json());
}

async function seriesId(serialNumber: string | undefined) {
  const [row] = await server.database.db
    .select({ id: series.id })
    .from(series)
    .where(serialNumber ? eq(series.serialNumber, serialNumber) : eq(series.deviceStatus, 'A'))
    .limit(1);
  return row?.id;
}

function sortedCopy(values: (string | null)[], order: 'ASC' | 'DESC') {
  // PostgreSQL's default: nulls last ascending, first descending.
  const copy = [...values].sort((a, b) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1));
  return order === 'ASC' ? copy : copy.reverse();
}

describe('GET /api/Series/User', () => {
  it('pages with the defaults and counts the whole fleet for internal members', async () => {
    const answer = await cards('support-user', '');
    expect(answer.series).toHaveLength(20);
    expect(answer.totalCount).toBe(400);
    const ids = answer.series.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const page2 = await cards('support-user', 'PageNumber=2&PageSize=40');
    expect(page2.series).toHaveLength(40);
    expect(page2.series[0]!.id).toBeGreaterThan(ids[19]!);
  });

  it('goes compressed to a client that accepts it, the same answer once unpacked', async () => {
    const headers = { authorization: `Bearer ${await server.tokenFor('support-user')}` };
    const url = '/api/Series/User?PageSize=100';
    const plain = await server.app.inject({ url, headers });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await server.app.inject({
      url,
      headers: { ...headers, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    const gzip = await server.app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('sorts by every column in both orders', async () => {
    const fields: Record<string, (c: SeriesCard) => string | null> = {
      SerialNumber: (c) => c.serialNumber,
      RegistrationDate: (c) => c.registrationDate,
      ActivationDate: (c) => c.activationDate,
      Country: (c) => c.country,
    };
    for (const [column, value] of Object.entries(fields)) {
      for (const order of ['ASC', 'DESC'] as const) {
        const answer = await cards(
          'administrator',
          `SortColumnName=${column}&SortOrder=${order}&PageSize=100`,
        );
        const values = answer.series.map(value);
        expect(values, `${column} ${order}`).toEqual(sortedCopy(values, order));
      }
    }
  });

  it('falls back to ASC and the first column for unknown sort values (spec §5)', async () => {
    const answer = await cards('administrator', 'SortColumnName=PasswordHash&SortOrder=sideways');
    const ids = answer.series.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('narrows by each filter', async () => {
    const type = await cards('administrator', 'TypeFilter=BATTERY-TESTER&PageSize=100');
    expect(type.totalCount).toBeGreaterThan(0);
    expect(type.totalCount).toBeLessThan(400);
    expect(type.series.every((c) => c.deviceType === 'BATTERY-TESTER')).toBe(true);

    const two = await cards('administrator', 'TypeFilter=BATTERY-TESTER&TypeFilter=SCAN-TOOL&PageSize=100');
    expect(two.totalCount).toBeGreaterThan(type.totalCount);

    const status = await cards('administrator', 'SerieStatusFilter=Blacklisted&PageSize=100');
    expect(status.totalCount).toBeGreaterThan(0);
    expect(status.series.every((c) => c.deviceStatus === 'B')).toBe(true);

    const maker = await cards('administrator', 'MakerFilter=Kessler&PageSize=100');
    expect(maker.series.every((c) => c.maker === 'Kessler')).toBe(true);

    const version = await cards('administrator', 'SoftwareVersionFilter=5.12.3&PageSize=100');
    expect(version.totalCount).toBeGreaterThan(0);
    expect(version.series.every((c) => c.currentVersion === '5.12.3')).toBe(true);

    const [withStore] = await server.database.db
      .select()
      .from(series)
      .where(isNotNull(series.storeCode))
      .limit(1);
    const byStore = await cards('administrator', `OfficialStoreCode=${withStore!.storeCode}&PageSize=100`);
    expect(byStore.series.every((c) => c.officialStoreCode === withStore!.storeCode)).toBe(true);
    const byStoreId = await cards('administrator', `OfficialStore_Id=${withStore!.storeId}`);
    expect(byStoreId.totalCount).toBe(byStore.totalCount);

    const early = await cards('administrator', 'EarlyAccessFilter=activated&PageSize=100');
    expect(early.series.every((c) => c.earlyAccess)).toBe(true);
    const notEarly = await cards('administrator', 'EarlyAccessFilter=disabled');
    expect(early.totalCount + notEarly.totalCount).toBe(400);

    const search = await cards(
      'administrator',
      `Search=${withStore!.serialNumber.slice(0, 12).toLowerCase()}`,
    );
    expect(search.series.map((c) => c.serialNumber)).toContain(withStore!.serialNumber);
    const quoted = await cards('administrator', `Search=%22${withStore!.serialNumber}%22`);
    expect(quoted.series.map((c) => c.serialNumber)).toEqual([withStore!.serialNumber]);
  });

  it('filters on online status from real heartbeats', async () => {
    const [device] = await server.database.db
      .select()
      .from(series)
      .where(eq(series.deviceStatus, 'A'))
      .limit(1);
    const online = await cards('administrator', 'StatusFilter=Online&PageSize=100');
    const offline = await cards('administrator', 'StatusFilter=Offline&PageSize=100');
    expect(online.totalCount + offline.totalCount).toBe(400);
    const beat = await server.asDevice(device!.serialNumber, { url: '/api/devices/heartbeat' });
    expect(beat.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    const after = await cards('administrator', `StatusFilter=Online&Search=${device!.serialNumber}`);
    expect(after.series.map((c) => c.serialNumber)).toEqual([device!.serialNumber]);
  });

  it('answers 400 naming invalid parameters', async () => {
    for (const [query, field] of [
      ['PageNumber=0', 'PageNumber'],
      ['PageNumber=abc', 'PageNumber'],
      ['PageSize=25', 'PageSize'],
      ['StatusFilter=Sometimes', 'StatusFilter'],
      ['SerieStatusFilter=Lost', 'SerieStatusFilter'],
      ['Group=x', 'Group'],
      ['OfficialStore_Id=-3', 'OfficialStore_Id'],
      ['OfficialStore_Id=2147483648', 'OfficialStore_Id'],
      ['PageNumber=1e300', 'PageNumber'],
      ['PageNumber=99999999999999999999', 'PageNumber'],
      ['ComponentStatusFilter=broken', 'ComponentStatusFilter'],
    ] as const) {
      const response = await list('administrator', query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details[0].field, query).toBe(`query.${field}`);
      expect(response.json().message).toContain(field);
    }
  });

  it('narrows to devices with a component in a given status', async () => {
    const [faulty] = await server.database.db
      .select({ sn: series.serialNumber })
      .from(series)
      .innerJoin(components, eq(components.seriesId, series.id))
      .where(eq(components.status, 'faulty'))
      .limit(1);
    await server.database.db
      .insert(components)
      .values({ seriesId: (await seriesId(faulty?.sn)) ?? 1, name: 'Probe', status: 'faulty' });
    const answer = await cards('support-user', 'ComponentStatusFilter=faulty&PageSize=100');
    const withFaulty = await server.database.db
      .selectDistinct({ sn: series.serialNumber })
      .from(series)
      .innerJoin(components, eq(components.seriesId, series.id))
      .where(eq(components.status, 'faulty'));
    expect(answer.totalCount).toBe(withFaulty.length);
    expect(answer.totalCount).toBeGreaterThan(0);
    const all = await cards('support-user', 'PageSize=10');
    expect(answer.totalCount).toBeLessThan(all.totalCount);
  });

  it('keeps customers to their own company and refuses internal filters', async () => {
    const customer = await cards('customer-engineering-user', 'PageSize=100');
    const [own] = await server.database.db
      .select({ n: series.id })
      .from(series)
      .where(eq(series.companyId, customerCompanyId))
      .limit(1);
    expect(own).toBeTruthy();
    const owned = await server.database.db
      .select({ sn: series.serialNumber })
      .from(series)
      .where(eq(series.companyId, customerCompanyId));
    expect(customer.totalCount).toBe(owned.length);
    const ownSerials = new Set(owned.map((r) => r.sn));
    expect(customer.series.every((c) => ownSerials.has(c.serialNumber))).toBe(true);
    const [foreign] = await server.database.db
      .select()
      .from(series)
      .where(and(ne(series.companyId, customerCompanyId), isNotNull(series.companyId)))
      .limit(1);
    const search = await cards('series-user', `Search=${foreign!.serialNumber}`);
    expect(search.totalCount).toBe(0);
    for (const filter of [
      'Group=1',
      'SerieStatusFilter=Activated',
      'EarlyAccessFilter=activated',
      'OfficialStore_Id=1',
      'OfficialStoreCode=X',
      'ComponentStatusFilter=faulty',
    ]) {
      const response = await list('customer-engineering-user', filter);
      expect(response.statusCode, filter).toBe(400);
      expect(response.json().message).toContain('only for internal members');
    }
  });
});

describe('series side calls', () => {
  it('offers filter suggestions within the user scope', async () => {
    const response = await server.app.inject({
      url: '/api/Series/User/FilterSuggestion',
      headers: { authorization: `Bearer ${await server.tokenFor('administrator')}` },
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.types).toContain('TPMS-TOOL');
    expect(answer.groups.length).toBeGreaterThan(0);
    const customer = await server.app.inject({
      url: '/api/Series/User/FilterSuggestion',
      headers: { authorization: `Bearer ${await server.tokenFor('customer-warranty-user')}` },
    });
    expect(customer.json().groups).toEqual([]);
  });

  it('answers the simple list', async () => {
    const response = await server.app.inject({
      url: '/api/Series/User/SimpleList?PageSize=10',
      headers: { authorization: `Bearer ${await server.tokenFor('administrator')}` },
    });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().series[0]).sort()).toEqual([
      'description',
      'deviceStatus',
      'id',
      'serialNumber',
    ]);
  });
});

describe('exporting devices', () => {
  const exportAs = async (username: string, body: object) =>
    server.app.inject({
      method: 'POST',
      url: '/api/Series/User/Export',
      headers: { authorization: `Bearer ${await server.tokenFor(username)}` },
      payload: body,
    });

  it('writes a selection of devices, a row each, and only devices the user may see', async () => {
    const shown = await cards('customer-engineering-export', 'PageSize=10');
    const picked = shown.series.slice(0, 3).map((card) => card.serialNumber);
    const [foreign] = await server.database.db
      .select({ serialNumber: series.serialNumber })
      .from(series)
      .where(ne(series.companyId, customerCompanyId))
      .limit(1);
    const asked = await exportAs('customer-engineering-export', {
      ExportDescription: 'Three devices',
      ExportType: 'CSV',
      Filters: { SerialNumbers: [...picked, foreign!.serialNumber] },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { file } = await taskFile(server, 'customer-engineering-export', asked.json().requestId);
    const records = parse(file.toString('utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(records.map((record) => record.serialNumber).sort()).toEqual([...picked].sort());
    expect(records[0]!.deviceStatus).toMatch(/^(Activated|Deactivated|Blacklisted|Recycled|Discarded)$/);
  });

  it('refuses a filter the list does not know, and users who cannot follow tasks', async () => {
    const unknown = await exportAs('administrator', {
      ExportDescription: 'x',
      ExportType: 'CSV',
      Filters: { City: 'Lyon' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('body.Filters.City');
    const user = await exportAs('customer-engineering-user', { ExportDescription: 'x', ExportType: 'CSV' });
    expect(user.statusCode).toBe(403);
  });
});
