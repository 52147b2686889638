import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, isNotNull, sql } from 'drizzle-orm';
import { fromPartOf } from '@fleet/contract';
import { series } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);

describe('serial ranges', () => {
  it('reports the numbers a range allocated, activated and left, and the next free one', async () => {
    const [device] = await server.database.db
      .select({ serialNumber: series.serialNumber, partNumber: series.partNumber })
      .from(series)
      // A part number the demo gave no range yet.
      .where(
        and(
          isNotNull(series.activationDate),
          sql`not exists (select 1 from serial_ranges r where r.part_number = ${series.partNumber})`,
        ),
      )
      .limit(1);
    const from = Number(fromPartOf(device!.serialNumber));
    const created = await call('factory-manager', 'POST', '/api/SerialRanges', {
      partNumber: device!.partNumber.toLowerCase(),
      from,
      to: from + 9,
      note: 'First batch',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      partNumber: device!.partNumber,
      from,
      to: from + 9,
      allocated: 1,
      activated: 1,
      unused: 9,
      next: from + 1,
      createdBy: 'Factory manager (demo)',
    });
    const overlapping = await call('factory-manager', 'POST', '/api/SerialRanges', {
      partNumber: device!.partNumber,
      from: from + 9,
      to: from + 20,
    });
    expect(overlapping.statusCode).toBe(409);
    const report = await call('database-user', 'GET', `/api/SerialRanges?PartNumber=${device!.partNumber}`);
    expect(report.json().ranges).toHaveLength(1);
    expect(
      (await call('factory-manager', 'DELETE', `/api/SerialRanges/${created.json().id}`)).statusCode,
    ).toBe(409);
    expect((await call('support-manager', 'GET', '/api/SerialRanges')).statusCode).toBe(403);
  });

  it('refuses a range that runs backwards or a part number of the wrong length, and deletes an unused one', async () => {
    const backwards = await call('factory-manager', 'POST', '/api/SerialRanges', {
      partNumber: 'ZZZ9Z99999',
      from: 10,
      to: 5,
    });
    expect(backwards.json().details).toEqual([
      { field: 'body.to', message: 'must not be below from', rule: { kind: 'invalid' } },
    ]);
    const short = await call('factory-manager', 'POST', '/api/SerialRanges', {
      partNumber: 'ZZZ',
      from: 0,
      to: 5,
    });
    expect(short.json().details[0].field).toBe('body.partNumber');
    const unused = await call('factory-manager', 'POST', '/api/SerialRanges', {
      partNumber: 'ZZZ9Z99999',
      from: 0,
      to: 99,
    });
    expect(unused.json()).toMatchObject({ allocated: 0, unused: 100, next: 0 });
    expect(
      (await call('factory-manager', 'DELETE', `/api/SerialRanges/${unused.json().id}`)).statusCode,
    ).toBe(204);
    const log = await call(
      'administrator',
      'GET',
      `/api/AuditLog?SubjectType=serial-range&SubjectId=${unused.json().id}`,
    );
    expect(log.json().data.map((entry: { action: string }) => entry.action)).toEqual([
      'serial-range.delete',
      'serial-range.create',
    ]);
    expect((await call('factory-manager', 'GET', '/api/SerialRanges?Color=red')).statusCode).toBe(400);
  });
});
