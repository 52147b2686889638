import { describe, expect, it } from 'vitest';
import { count, eq, isNull, sql } from 'drizzle-orm';
import { isAccessorySerialNumber, partNumberOf } from '@fleet/contract';
import { openEmptyDatabase } from '../../test/helpers.ts';
import { seedDatabase } from './seed.ts';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { demoDeviceIdentity } from '@fleet/device-kit/demo-fleet';
import { ensureDemoDeviceKeys, readDemoDeviceKeys } from './demo-device-keys.ts';
import { publicKeyOf } from '@fleet/device-kit/device-keys';
import * as t from '../db/schema.ts';

describe('demo seed', () => {
  it('is deterministic, idempotent and extensible, with every status', async () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const first = await openEmptyDatabase();
    const second = await openEmptyDatabase();
    try {
      await seedDatabase(first.db, { seed: 7, devices: 300, demoUsers: true, now });
      await seedDatabase(first.db, { seed: 7, devices: 300, demoUsers: true, now });
      await seedDatabase(second.db, { seed: 7, devices: 150, demoUsers: false, now });
      await seedDatabase(second.db, { seed: 7, devices: 300, demoUsers: false, now });
      const serials = async (db: typeof first.db) =>
        (
          await db
            .select({ sn: t.series.serialNumber, status: t.series.deviceStatus })
            .from(t.series)
            .orderBy(t.series.serialNumber)
        ).map((r) => `${r.sn}:${r.status}`);
      const a = await serials(first.db);
      expect(a).toHaveLength(300);
      expect(await serials(second.db)).toEqual(a);

      const statuses = await first.db
        .select({ status: t.series.deviceStatus, n: count() })
        .from(t.series)
        .groupBy(t.series.deviceStatus);
      expect(statuses.map((s) => s.status).sort()).toEqual(['A', 'B', 'E', 'I', 'R']);

      const devices = await first.db.select().from(t.series);
      for (const device of devices) {
        expect(device.serialNumber).toHaveLength(15);
        expect(partNumberOf(device.serialNumber)).toBe(device.partNumber);
        expect(isAccessorySerialNumber(device.serialNumber)).toBe(false);
      }
      const accessories = await first.db.select().from(t.accessories);
      expect(accessories.length).toBeGreaterThan(30);
      for (const accessory of accessories) expect(isAccessorySerialNumber(accessory.serialNumber)).toBe(true);

      const [never] = await first.db
        .select({ n: count() })
        .from(t.heartbeats)
        .where(isNull(t.heartbeats.lastHeartbeat));
      expect(never!.n).toBeGreaterThan(0);
      const [archived] = await first.db
        .select({ n: count() })
        .from(t.stores)
        .where(eq(t.stores.storeStatus, 1));
      expect(archived!.n).toBeGreaterThan(0);
      const days = sql<number>`extract(day from ${t.certificates.endOfValidityDate} - ${now.toISOString()}::timestamptz)`;
      const [expired] = await first.db
        .select({ n: count() })
        .from(t.certificates)
        .where(sql`${days} < 0`);
      const [urgent] = await first.db
        .select({ n: count() })
        .from(t.certificates)
        .where(sql`${days} between 0 and 7`);
      expect(expired!.n).toBeGreaterThan(0);
      expect(urgent!.n).toBeGreaterThan(0);

      for (let index = 0; index < 300; index += 37) {
        const { identity } = demoDeviceIdentity(7, index);
        const [row] = await first.db
          .select()
          .from(t.series)
          .where(eq(t.series.serialNumber, identity.serialNumber));
        expect(row?.deviceStatus).toBe(identity.deviceStatus);
        // Keys are never derived from the seed: the fleet has none until they are issued.
        expect(row?.devicePublicKey).toBeNull();
      }

      const [demoUsers] = await first.db.select({ n: count() }).from(t.users).where(eq(t.users.demo, true));
      expect(demoUsers!.n).toBe(30);
      const [noUsers] = await second.db.select({ n: count() }).from(t.users);
      expect(noUsers!.n).toBe(0);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('gives the demo fleet random keys: public halves in the database, private halves in a file only this user reads', async () => {
    const database = await openEmptyDatabase();
    const folder = await mkdtemp(path.join(tmpdir(), 'fleet-keys-'));
    const file = path.join(folder, 'keys.json');
    try {
      await seedDatabase(database.db, { seed: 3, devices: 40, demoUsers: false });
      expect(await ensureDemoDeviceKeys(database.db, file)).toBe(40);
      const keys = await readDemoDeviceKeys(file);
      expect(Object.keys(keys)).toHaveLength(40);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const rows = await database.db
        .select({ sn: t.series.serialNumber, key: t.series.devicePublicKey })
        .from(t.series);
      for (const row of rows) expect(row.key).toBe(publicKeyOf(keys[row.sn]!));
      // Idempotent, and extending the fleet keys only the new devices.
      expect(await ensureDemoDeviceKeys(database.db, file)).toBe(0);
      await seedDatabase(database.db, { seed: 3, devices: 50, demoUsers: false });
      expect(await ensureDemoDeviceKeys(database.db, file)).toBe(10);
      expect((await readDemoDeviceKeys(file))[rows[0]!.sn]).toBe(keys[rows[0]!.sn]);
      // Another database of the same seed gets other keys: nothing to guess from the seed.
      const other = await openEmptyDatabase();
      try {
        await seedDatabase(other.db, { seed: 3, devices: 1, demoUsers: false });
        const otherFile = path.join(folder, 'other.json');
        await ensureDemoDeviceKeys(other.db, otherFile);
        const [sn] = Object.keys(await readDemoDeviceKeys(otherFile));
        expect((await readDemoDeviceKeys(otherFile))[sn!]).not.toBe(keys[sn!]);
      } finally {
        await other.close();
      }
    } finally {
      await database.close();
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('tells one story per device: updates end at the versions it runs, addresses fit their country', async () => {
    const database = await openEmptyDatabase();
    try {
      await seedDatabase(database.db, { seed: 5, devices: 200, demoUsers: false });
      const devices = await database.db.select().from(t.series);
      const updates = await database.db.select().from(t.updateHistory).orderBy(t.updateHistory.updateDate);
      expect(updates.length).toBeGreaterThan(20);
      for (const device of devices) {
        const own = updates.filter((u) => u.seriesId === device.id);
        for (const [subject, current] of [
          ['Software', device.currentVersion],
          ['Database', device.currentDbVersion],
        ] as const) {
          const chain = own.filter((u) => u.subject === subject);
          if (chain.length === 0) continue;
          expect(chain.at(-1)!.toVersion, device.serialNumber).toBe(current);
          for (let k = 1; k < chain.length; k++) expect(chain[k]!.fromVersion).toBe(chain[k - 1]!.toVersion);
        }
      }
      const stores = await database.db.select().from(t.stores);
      for (const store of stores) {
        const address = store.address as { regionCode: string; postalCode: string };
        const format = { CA: /^[A-Z]\d[A-Z] \d[A-Z]\d$/, US: /^\d{5}$/, PT: /^\d{4}-\d{3}$/, CN: /^\d{6}$/ }[
          address.regionCode
        ];
        if (format) expect(address.postalCode, store.name).toMatch(format);
      }
    } finally {
      await database.close();
    }
  });

  it('seeds the kinds of device of the variant, and keeps a database to its variant', async () => {
    const database = await openEmptyDatabase();
    try {
      await seedDatabase(database.db, { seed: 9, devices: 120, variant: 'tyre-pressure', demoUsers: false });
      const types = await database.db.selectDistinct({ type: t.series.deviceType }).from(t.series);
      expect(types.map((row) => row.type)).toContain('TREAD-DEPTH-SCANNER');
      expect(types.map((row) => row.type)).not.toContain('TORQUE-WRENCH');
      await expect(
        seedDatabase(database.db, { seed: 9, devices: 130, variant: 'tool-equipment', demoUsers: false }),
      ).rejects.toThrow(/tyre-pressure/);
    } finally {
      await database.close();
    }
  });

  it('refuses to mix seeds in one database', async () => {
    const database = await openEmptyDatabase();
    try {
      await seedDatabase(database.db, { seed: 1, devices: 10, demoUsers: false });
      await expect(seedDatabase(database.db, { seed: 2, devices: 20, demoUsers: false })).rejects.toThrow(
        /seed 1/,
      );
    } finally {
      await database.close();
    }
  });
});
