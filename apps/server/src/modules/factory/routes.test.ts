import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { series } from '../../db/schema.ts';
import { publicKeyOf } from '@fleet/device-kit/device-keys';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

let server: TestServer;
let deviceType: string;
beforeAll(async () => {
  server = await startTestServer();
  const [device] = await server.database.db.select({ deviceType: series.deviceType }).from(series).limit(1);
  deviceType = device!.deviceType;
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);

describe('factory batches', () => {
  it('registers devices with serial numbers from the ranges and a key each, shown once', async () => {
    const noRange = await call('factory-user', 'POST', '/api/Factory/Batches', {
      partNumber: 'FAC1X00001',
      count: 2,
      deviceType,
    });
    expect(noRange.statusCode).toBe(409);
    await call('factory-manager', 'POST', '/api/SerialRanges', {
      partNumber: 'FAC1X00001',
      from: 10,
      to: 14,
    });
    const created = await call('factory-user', 'POST', '/api/Factory/Batches', {
      partNumber: 'fac1x00001',
      count: 3,
      deviceType,
    });
    expect(created.statusCode, created.body).toBe(201);
    const batch = created.json();
    expect(batch.serialNumbers).toEqual(['FAC1X0000100010', 'FAC1X0000100011', 'FAC1X0000100012']);
    const rows = await server.database.db
      .select()
      .from(series)
      .where(inArray(series.serialNumber, batch.serialNumbers));
    expect(rows.map((row) => row.deviceStatus)).toEqual(['E', 'E', 'E']);
    for (const device of batch.devices as { serialNumber: string; privateKey: string }[]) {
      const row = rows.find((candidate) => candidate.serialNumber === device.serialNumber)!;
      expect(publicKeyOf(device.privateKey)).toBe(row.devicePublicKey);
    }

    const tooMany = await call('factory-user', 'POST', '/api/Factory/Batches', {
      partNumber: 'FAC1X00001',
      count: 3,
      deviceType,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(/2 free numbers left/);
    const listed = await call('factory-manager', 'GET', '/api/Factory/Batches');
    expect(listed.json().batches[0]).toMatchObject({ id: batch.id, serialNumbers: batch.serialNumbers });
    expect(listed.json().batches[0].devices).toBeUndefined();
    const report = await call('factory-manager', 'GET', '/api/SerialRanges?PartNumber=FAC1X00001');
    expect(report.json().ranges[0]).toMatchObject({ allocated: 3, activated: 0, unused: 2, next: 13 });
    const log = await call(
      'administrator',
      'GET',
      `/api/AuditLog?SubjectType=factory-batch&SubjectId=${batch.id}`,
    );
    expect(log.json().data[0]).toMatchObject({
      action: 'factory-batch.create',
      details: { count: 3, first: 'FAC1X0000100010' },
    });
  });

  it('names every unknown reference, and keeps customers out', async () => {
    const unknown = await call('factory-user', 'POST', '/api/Factory/Batches', {
      partNumber: 'FAC1X00001',
      count: 1,
      deviceType: 'NO-SUCH-TYPE',
      softwareVersion: '9.9.9',
      groupId: 999,
    });
    expect(unknown.json().details.map((problem: { field: string }) => problem.field)).toEqual([
      'body.deviceType',
      'body.softwareVersion',
      'body.groupId',
    ]);
    expect(
      (
        await call('factory-user', 'POST', '/api/Factory/Batches', {
          partNumber: 'FAC1X00001',
          count: 501,
          deviceType,
        })
      ).statusCode,
    ).toBe(400);
    expect((await call('customer-engineering-manager', 'GET', '/api/Factory/Batches')).statusCode).toBe(403);
    const [before] = await server.database.db
      .select({ id: series.id })
      .from(series)
      .where(eq(series.serialNumber, 'FAC1X0000100013'));
    expect(before).toBeUndefined();
  });
});
