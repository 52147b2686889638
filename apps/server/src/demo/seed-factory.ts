import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { RoleCode, VersionKind } from '@fleet/contract';
import { derivedSeed } from '@fleet/device-kit/demo-fleet';
import { SeededRandom } from '@fleet/device-kit/random';
import { createFactoryBatch } from '../modules/factory/service.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { demoUser } from './demo-user.ts';
import { drawDistinct } from './draw.ts';
import { DEMO_CUSTOMER } from './seed.ts';

const SEED_KEY = 'factory-demo';
const DAY = 86_400_000;

interface BatchPlan {
  daysAgo: number;
  count: number;
  by: RoleCode;
  /** Built for the demo customer's order; otherwise for stock. */
  forCustomer: boolean;
}

/** The factory's last weeks: a customer's batch, then two for stock, the last made this morning. */
const BATCHES: readonly BatchPlan[] = [
  { daysAgo: 24.3, count: 8, by: 'factory-manager', forCustomer: true },
  { daysAgo: 9.6, count: 5, by: 'factory-user', forCustomer: false },
  { daysAgo: 0.2, count: 3, by: 'factory-user', forCustomer: false },
];

/** The part numbers with a serial range, and the device type their devices have. */
async function rangedPartNumbers(db: Db) {
  return db
    .selectDistinct({ partNumber: t.serialRanges.partNumber, deviceType: t.series.deviceType })
    .from(t.serialRanges)
    .innerJoin(t.series, eq(t.series.partNumber, t.serialRanges.partNumber))
    .orderBy(asc(t.serialRanges.partNumber));
}

/** The newest general version of a kind for a device type: what the factory installs. */
async function newestVersion(db: Db, deviceType: string, kind: VersionKind) {
  const [row] = await db
    .select({ number: t.versions.number })
    .from(t.versions)
    .where(
      and(
        eq(t.versions.deviceType, deviceType),
        eq(t.versions.kind, kind),
        eq(t.versions.availability, 'general'),
      ),
    )
    .orderBy(desc(t.versions.uploadedAt), desc(t.versions.id))
    .limit(1);
  return row?.number;
}

/** The demo customer, and the group its devices are in. */
async function demoCustomer(db: Db) {
  const [row] = await db
    .select({ companyId: t.companies.id, groupId: t.series.groupId })
    .from(t.companies)
    .innerJoin(t.series, eq(t.series.companyId, t.companies.id))
    .where(and(eq(t.companies.code, DEMO_CUSTOMER), isNotNull(t.series.groupId)))
    .orderBy(asc(t.series.id))
    .limit(1);
  return row;
}

/** The batch, its devices and its audit entry as made that day. */
async function dateBatch(db: Db, id: number, serialNumbers: string[], at: Date) {
  await db.update(t.factoryBatches).set({ createdAt: at }).where(eq(t.factoryBatches.id, id));
  await db
    .update(t.series)
    .set({ registrationDate: at })
    .where(inArray(t.series.serialNumber, serialNumbers));
  await db
    .update(t.auditLog)
    .set({ at })
    .where(and(eq(t.auditLog.subjectType, 'factory-batch'), eq(t.auditLog.subjectId, String(id))));
}

/**
 * The demo's factory batches (docs/company-tools.md "Factory"), made once by the factory's own service from
 * part numbers the demo has serial ranges for, with the newest versions of their type, and dated over the
 * past weeks. The seed picks the part numbers; the devices' keys are random, as every batch's. Answers the
 * number of batches made.
 */
export async function seedDemoFactoryBatches(db: Db, seed: number, now: Date = new Date()): Promise<number> {
  const [done] = await db.select().from(t.meta).where(eq(t.meta.key, SEED_KEY));
  if (done) return 0;
  const random = new SeededRandom(derivedSeed(seed, SEED_KEY, 0));
  return db.transaction(async (tx) => {
    const parts = drawDistinct(random, await rangedPartNumbers(tx), BATCHES.length);
    const customer = await demoCustomer(tx);
    let made = 0;
    for (const [index, part] of parts.entries()) {
      const plan = BATCHES[index]!;
      const [softwareVersion, databaseVersion] = await Promise.all([
        newestVersion(tx, part.deviceType, 'software'),
        newestVersion(tx, part.deviceType, 'database'),
      ]);
      const batch = await createFactoryBatch(tx, await demoUser(tx, plan.by), {
        partNumber: part.partNumber,
        deviceType: part.deviceType,
        count: plan.count,
        ...(softwareVersion ? { softwareVersion } : {}),
        ...(databaseVersion ? { databaseVersion } : {}),
        ...(plan.forCustomer && customer ? customer : {}),
      });
      await dateBatch(tx, batch.id, batch.serialNumbers, new Date(now.getTime() - plan.daysAgo * DAY));
      made++;
    }
    await tx.insert(t.meta).values({ key: SEED_KEY, value: { batches: made, at: now.toISOString() } });
    return made;
  });
}
