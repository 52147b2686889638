import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { serialNumberOf, type FactoryBatch } from '@fleet/contract';
import { startTestServer, type TestServer } from '../../test/helpers.ts';
import { TEST_SEED } from '../../test/constants.ts';
import { serialRanges, series } from '../db/schema.ts';
import { seedDemoFactoryBatches } from './seed-factory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const DAY = 86_400_000;

describe('demo factory batches', () => {
  it('are made once by the factory from the ranges, dated over the past weeks, their devices in the fleet', async () => {
    const db = server.database.db;
    const now = new Date();
    expect(await seedDemoFactoryBatches(db, TEST_SEED, now)).toBe(3);
    expect(await seedDemoFactoryBatches(db, TEST_SEED, now)).toBe(0);

    const answer = await server.call('factory-user', 'GET', '/api/Factory/Batches');
    expect(answer.statusCode).toBe(200);
    const { batches } = answer.json<{ batches: FactoryBatch[] }>();
    expect(batches.map((batch) => batch.serialNumbers.length)).toEqual([3, 5, 8]);
    expect(new Set(batches.map((batch) => batch.partNumber)).size).toBe(3);
    const ages = batches.map((batch) => (now.getTime() - Date.parse(batch.createdAt)) / DAY);
    expect(ages[0]).toBeLessThan(1);
    expect(ages[2]).toBeGreaterThan(20);

    const ranges = await db.select().from(serialRanges);
    for (const batch of batches) {
      const range = ranges.find((r) => r.partNumber === batch.partNumber)!;
      expect(range).toBeDefined();
      const numbers = batch.serialNumbers.map((serial) => Number(serial.slice(10)));
      expect(batch.serialNumbers).toEqual(numbers.map((n) => serialNumberOf(batch.partNumber, n)));
      for (const n of numbers) expect(n).toBeGreaterThanOrEqual(range.fromNumber);
      for (const n of numbers) expect(n).toBeLessThanOrEqual(range.toNumber);
      const devices = await db.select().from(series).where(inArray(series.serialNumber, batch.serialNumbers));
      expect(devices).toHaveLength(batch.serialNumbers.length);
      for (const device of devices) {
        expect(device).toMatchObject({ deviceType: batch.deviceType, deviceStatus: 'E' });
        expect(device.currentVersion).toBe(batch.softwareVersion);
        expect(device.registrationDate.toISOString()).toBe(batch.createdAt);
      }
    }
    const [customerBatch] = await db
      .select({ companyId: series.companyId })
      .from(series)
      .where(inArray(series.serialNumber, batches[2]!.serialNumbers));
    expect(customerBatch!.companyId).toBe(await server.demoCustomerCompanyId());
    const audit = await server.call('administrator', 'GET', '/api/AuditLog?Action=factory-batch.create');
    expect(audit.json<{ data: { at: string }[] }>().data.map((entry) => entry.at)).toEqual(
      batches.map((batch) => batch.createdAt),
    );
  });
});
