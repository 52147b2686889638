import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { deviceGroups, series } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { taskFile } from '../../../test/tasks.ts';

let server: TestServer;
let customerCompanyId: string;
beforeAll(async () => {
  server = await startTestServer();
  customerCompanyId = await server.demoCustomerCompanyId();
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);

describe('device migration', () => {
  it('previews the devices of the filters, then moves them as a task, each move audited', async () => {
    const [group] = await server.database.db
      .insert(deviceGroups)
      .values({ name: 'Migrated fleet' })
      .returning();
    const [device] = await server.database.db
      .select({ serialNumber: series.serialNumber })
      .from(series)
      .where(eq(series.companyId, customerCompanyId))
      .limit(1);
    const Filters = { Search: device!.serialNumber };
    const preview = await call('support-manager', 'POST', '/api/Configuration/Migration/Preview', {
      Filters,
      groupId: group!.id,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().count).toBe(1);
    expect(preview.json().devices).toMatchObject([{ serialNumber: device!.serialNumber }]);

    const wrongCount = await call('support-manager', 'POST', '/api/Configuration/Migration', {
      Filters,
      groupId: group!.id,
      confirmCount: 2,
      ExportDescription: 'Move to the migrated fleet',
    });
    expect(wrongCount.statusCode).toBe(409);
    const asked = await call('support-manager', 'POST', '/api/Configuration/Migration', {
      Filters,
      groupId: group!.id,
      confirmCount: 1,
      ExportDescription: 'Move to the migrated fleet',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { file } = await taskFile(server, 'support-manager', asked.json().requestId);
    const records = parse(file.toString('utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toMatchObject([{ serialNumber: device!.serialNumber, toGroup: 'Migrated fleet' }]);
    const [moved] = await server.database.db
      .select({ groupId: series.groupId, companyId: series.companyId, id: series.id })
      .from(series)
      .where(inArray(series.serialNumber, [device!.serialNumber]));
    expect(moved).toMatchObject({ groupId: group!.id, companyId: customerCompanyId });
    const log = await call(
      'administrator',
      'GET',
      `/api/AuditLog?SubjectType=series&SubjectId=${moved!.id}&Action=series.migrate`,
    );
    expect(log.json().data[0].details).toMatchObject({
      serialNumber: device!.serialNumber,
      to: { groupId: group!.id },
    });
  });

  it('refuses an unknown filter, a missing target and roles without the tool', async () => {
    const unknown = await call('support-manager', 'POST', '/api/Configuration/Migration/Preview', {
      Filters: { Colour: 'red' },
      groupId: 1,
    });
    expect(unknown.json().details).toEqual([
      { field: 'body.Filters.Colour', message: 'is not a filter of the devices list' },
    ]);
    const noTarget = await call('support-manager', 'POST', '/api/Configuration/Migration/Preview', {
      Filters: {},
    });
    expect(noTarget.json().details[0]).toMatchObject({ field: 'body.companyId' });
    expect(
      (
        await call('support-user', 'POST', '/api/Configuration/Migration/Preview', {
          Filters: {},
          groupId: 1,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('part numbers', () => {
  it('lists the part numbers the devices carry, counted as a direct count does', async () => {
    const [device] = await server.database.db.select().from(series).limit(1);
    const answer = await call(
      'support-config',
      'GET',
      `/api/Configuration/PartNumbers?Search=${device!.partNumber}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const carriers = await server.database.db
      .select()
      .from(series)
      .where(eq(series.partNumber, device!.partNumber));
    expect(answer.json().partNumbers[0]).toMatchObject({
      partNumber: device!.partNumber,
      deviceCount: carriers.length,
      activatedCount: carriers.filter((row) => row.activationDate !== null).length,
      deviceTypes: [...new Set(carriers.map((row) => row.deviceType))].sort(),
    });
    expect(
      (await call('support-config', 'GET', '/api/Configuration/PartNumbers?Colour=red')).statusCode,
    ).toBe(400);
    expect(
      (await call('customer-engineering-manager', 'GET', '/api/Configuration/PartNumbers')).statusCode,
    ).toBe(403);
  });
});
