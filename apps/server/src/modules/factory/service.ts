import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  serialNumberOf,
  type FactoryBatch,
  type FactoryBatchBody,
  type FactoryBatchCreated,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { missingReferences } from '../../db/references.ts';
import { companies, deviceTypes, factoryBatches, serialRanges, series, versions } from '../../db/schema.ts';
import { newDeviceKey } from '@fleet/device-kit/device-keys';
import { conflict, invalid, type FieldProblem } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';

/** The maker of a device type: that of its devices, else the maker's company. */
async function makerOf(db: Db, deviceType: string): Promise<string | null> {
  const [device] = await db
    .select({ maker: series.maker })
    .from(series)
    .where(eq(series.deviceType, deviceType))
    .limit(1);
  if (device) return device.maker;
  const [maker] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.kind, 'maker'))
    .limit(1);
  return maker?.name ?? null;
}

/** The type, versions, company and group a batch names must exist: 400 naming each field otherwise. */
async function checkReferences(db: Db, body: FactoryBatchBody): Promise<string> {
  const problems: FieldProblem[] = [];
  const [declared] = await db.select().from(deviceTypes).where(eq(deviceTypes.type, body.deviceType));
  const maker = await makerOf(db, body.deviceType);
  const [used] = await db
    .select({ id: series.id })
    .from(series)
    .where(eq(series.deviceType, body.deviceType))
    .limit(1);
  if (!declared && !used)
    problems.push({
      field: 'body.deviceType',
      message: 'is not a known device type',
      rule: { kind: 'unknown' },
    });
  for (const [field, kind] of [
    ['softwareVersion', 'software'],
    ['databaseVersion', 'database'],
  ] as const) {
    const number = body[field];
    if (!number) continue;
    const [version] = await db
      .select({ id: versions.id })
      .from(versions)
      .where(
        and(eq(versions.deviceType, body.deviceType), eq(versions.number, number), eq(versions.kind, kind)),
      );
    if (!version)
      problems.push({
        field: `body.${field}`,
        message: `is not a ${kind} version of ${body.deviceType}`,
        rule: { kind: 'unknown' },
      });
  }
  problems.push(...(await missingReferences(db, body)));
  if (!maker && problems.length === 0)
    problems.push({ field: 'body.deviceType', message: 'has no known maker', rule: { kind: 'unavailable' } });
  if (problems.length) throw invalid(problems);
  return maker!;
}

/** The next free 'from' numbers of the part number's ranges, in order, within the caller's transaction. */
async function freeNumbers(tx: Db, partNumber: string, count: number): Promise<number[]> {
  // Locked: two batches of one part number never take the same numbers.
  const ranges = await tx
    .select()
    .from(serialRanges)
    .where(eq(serialRanges.partNumber, partNumber))
    .orderBy(asc(serialRanges.fromNumber))
    .for('update');
  if (ranges.length === 0)
    throw conflict(`Part number ${partNumber} has no serial range: add one in serial management first`);
  const taken = new Set(
    (
      await tx
        .select({ from: sql<number>`substring(${series.serialNumber} from 11 for 5)::int` })
        .from(series)
        .where(
          and(
            eq(series.partNumber, partNumber),
            sql`length(${series.serialNumber}) = 15 and substring(${series.serialNumber} from 11 for 5) ~ '^[0-9]{5}$'`,
          ),
        )
    ).map((row) => row.from),
  );
  const numbers: number[] = [];
  for (const range of ranges)
    for (let number = range.fromNumber; number <= range.toNumber && numbers.length < count; number++)
      if (!taken.has(number)) numbers.push(number);
  if (numbers.length < count)
    throw conflict(
      `The ranges of ${partNumber} have ${numbers.length} free numbers left, not ${count}: add a range`,
    );
  return numbers;
}

const toBatch = (row: typeof factoryBatches.$inferSelect): FactoryBatch => ({
  id: row.id,
  partNumber: row.partNumber,
  deviceType: row.deviceType,
  serialNumbers: row.serialNumbers,
  softwareVersion: row.softwareVersion,
  databaseVersion: row.databaseVersion,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Registers a batch of newly built devices (docs/company-tools.md): serial numbers from the part number's
 * ranges, deactivated until a customer activates them, each with a new key pair whose private half is
 * in this answer only.
 */
export async function createFactoryBatch(
  db: Db,
  user: SignedInUser,
  body: FactoryBatchBody,
): Promise<FactoryBatchCreated> {
  const maker = await checkReferences(db, body);
  return db.transaction(async (tx) => {
    const numbers = await freeNumbers(tx, body.partNumber, body.count);
    const now = new Date();
    const devices = numbers.map((number) => ({
      serialNumber: serialNumberOf(body.partNumber, number),
      key: newDeviceKey(),
    }));
    await tx.insert(series).values(
      devices.map(({ serialNumber, key }) => ({
        serialNumber,
        partNumber: body.partNumber,
        deviceType: body.deviceType,
        maker,
        deviceStatus: 'E',
        companyId: body.companyId ?? null,
        groupId: body.groupId ?? null,
        currentVersion: body.softwareVersion ?? null,
        currentDbVersion: body.databaseVersion ?? null,
        registrationDate: now,
        devicePublicKey: key.publicKey,
      })),
    );
    const [batch] = await tx
      .insert(factoryBatches)
      .values({
        partNumber: body.partNumber,
        deviceType: body.deviceType,
        serialNumbers: devices.map((device) => device.serialNumber),
        softwareVersion: body.softwareVersion ?? null,
        databaseVersion: body.databaseVersion ?? null,
        createdBy: user.name,
      })
      .returning();
    await recordAudit(tx, user, {
      action: 'factory-batch.create',
      subjectType: 'factory-batch',
      subjectId: String(batch!.id),
      details: {
        partNumber: body.partNumber,
        count: body.count,
        first: devices[0]!.serialNumber,
        last: devices.at(-1)!.serialNumber,
      },
    });
    return {
      ...toBatch(batch!),
      devices: devices.map(({ serialNumber, key }) => ({ serialNumber, privateKey: key.privateKey })),
    };
  });
}

/** Past batches, newest first, without keys. */
export async function listFactoryBatches(db: Db) {
  const rows = await db.select().from(factoryBatches).orderBy(desc(factoryBatches.id)).limit(100);
  return { batches: rows.map(toBatch) };
}
