import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { canUseFeature, type AuditEntry } from '@fleet/contract';
import { series } from '../../db/schema.ts';
import { parse } from 'csv-parse/sync';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { taskFile } from '../../../test/tasks.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);

async function entries(query: string, role = 'administrator'): Promise<AuditEntry[]> {
  const response = await call(role, 'GET', `/api/AuditLog?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function activeDevice() {
  const [device] = await server.database.db
    .select()
    .from(series)
    .where(and(eq(series.deviceStatus, 'A')))
    .limit(1);
  return device!;
}

describe('the audit log', () => {
  it('records a store created, changed and deleted, each in its own entry, with the changes', async () => {
    const created = await call('administrator', 'POST', '/api/Store', {
      officialStoreCode: 'AUDIT-001',
      name: 'Audit store',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = String(created.json().id);
    await call('administrator', 'PUT', `/api/Store/${id}`, {
      officialStoreCode: 'AUDIT-001',
      name: 'Renamed',
    });
    await call('administrator', 'DELETE', `/api/Store/${id}`);

    const log = await entries(`SubjectType=store&SubjectId=${id}`);
    expect(log.map((entry) => entry.action)).toEqual(['store.delete', 'store.update', 'store.create']);
    expect(log[1]!.details).toEqual({ changes: { name: { from: 'Audit store', to: 'Renamed' } } });
    expect(log[2]!.actorName).toBeTruthy();
    expect(log[2]!.actorId).toBeTruthy();
  });

  it('records device actions under the device, its serial number beside', async () => {
    const device = await activeDevice();
    const described = await call('administrator', 'PATCH', `/api/Series/${device.serialNumber}/description`, {
      description: 'Audited description',
    });
    expect(described.statusCode, described.body).toBe(200);
    const early = await call('administrator', 'PUT', `/api/Series/EarlyAccessStatus/${device.serialNumber}`, {
      earlyAccess: !device.earlyAccess,
    });
    expect(early.statusCode, early.body).toBe(200);
    const log = await entries(
      `SubjectType=series&SubjectId=${device.id}&Action=series.description&Action=series.early-access`,
    );
    expect(log.map((entry) => entry.action)).toEqual(['series.early-access', 'series.description']);
    expect(log[0]!.details).toMatchObject({
      serialNumber: device.serialNumber,
      from: device.earlyAccess,
      to: !device.earlyAccess,
    });
    expect(log[1]!.details).toMatchObject({ from: device.description, to: 'Audited description' });
  });

  it('filters by user and by time, and pages newest first', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    await call('support-manager', 'POST', '/api/Store', {
      officialStoreCode: 'AUDIT-SM',
      name: 'By support',
    });
    const mine = await entries(`User=support&From=${before}`);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((entry) => /support/i.test(entry.actorName))).toBe(true);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(await entries(`From=${later}`)).toEqual([]);

    const first = await call('administrator', 'GET', '/api/AuditLog?PageSize=10');
    const next = first.headers['x-paging-next'];
    const page = first.json().data as AuditEntry[];
    expect(page.length).toBe(Math.min(10, page.length));
    for (let i = 1; i < page.length; i++) expect(page[i - 1]!.at >= page[i]!.at).toBe(true);
    if (typeof next === 'string') {
      const cursor = new URL(next, 'http://x').searchParams.get('cursor');
      const second = await entries(`PageSize=10&cursor=${cursor}`);
      expect(second.some((entry) => page.some((seen) => seen.id === entry.id))).toBe(false);
    }
  });

  it('refuses what it cannot read, naming the parameter', async () => {
    for (const [query, field] of [
      ['Action=store.explode', 'query.Action'],
      ['SubjectId=12', 'query.SubjectId'],
      ['From=yesterday', 'query.From'],
      ['From=2026-01-02T00:00:00.000Z&To=2026-01-01T00:00:00.000Z', 'query.From'],
      ['cursor=made-up', 'query.cursor'],
    ]) {
      const response = await call('administrator', 'GET', `/api/AuditLog?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('is for the LOGS roles only', async () => {
    for (const role of [
      'devops-manager',
      'support-manager',
      'support-user',
      'customer-engineering-manager',
    ]) {
      const response = await call(role, 'GET', '/api/AuditLog');
      expect(response.statusCode, role).toBe(canUseFeature('LOGS', [role]) ? 200 : 403);
    }
  });
});

describe('every route that changes what people asked for', () => {
  it('says what it writes to the audit log', () => {
    const changing = server.app.apiRoutes.filter(
      (route) =>
        ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method) &&
        route.access !== 'device' &&
        route.access !== 'public',
    );
    expect(changing.length).toBeGreaterThan(20);
    for (const route of changing) expect(route.audit, `${route.method} ${route.url}`).not.toBeNull();
  });
});

describe('the audit log export', () => {
  it('writes the entries of the filters, newest first, as the log lists them', async () => {
    await call('administrator', 'POST', '/api/Store', { officialStoreCode: 'AUDIT-EXP', name: 'Exported' });
    const listed = await entries('Action=store.create&PageSize=100');
    const asked = await call('administrator', 'POST', '/api/AuditLog/Export', {
      ExportDescription: 'Stores created',
      ExportType: 'CSV',
      Filters: { Action: 'store.create' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { file } = await taskFile(server, 'administrator', asked.json().requestId);
    const records = parse(file.toString('utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(records.map((record) => record.subjectId)).toEqual(listed.map((entry) => entry.subjectId));
    expect(records[0]).toMatchObject({ action: 'store.create', user: listed[0]!.actorName });
    expect(JSON.parse(records[0]!.details!)).toEqual(listed[0]!.details);

    const bad = await call('administrator', 'POST', '/api/AuditLog/Export', {
      ExportDescription: 'x',
      ExportType: 'CSV',
      Filters: { Action: 'store.explode' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('body.Filters.Action');
  });
});
