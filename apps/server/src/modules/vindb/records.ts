import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Battery, Vehicle } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { batteries, vehicles } from '../../db/schema.ts';
import { chunksOf } from '../../lib/chunks.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit, recordAudits } from '../audit/service.ts';
import { racing, selectBatteries, selectVehicles, toBattery, toVehicle } from './repository.ts';

/**
 * What the VIN database's two records differ in (docs/insights.md "VIN database"): their table, the key
 * they are known by and how the API answers them. Finding, writing and auditing them is the same.
 */
export interface RecordKind<R> {
  subject: 'vehicle' | 'battery';
  table: typeof vehicles | typeof batteries;
  key: typeof vehicles.vin | typeof batteries.reference;
  /** The key's field in the record and in the table's row. */
  field: keyof R & ('vin' | 'reference');
  /** The key as messages name it. */
  keyName: string;
  select: (db: Db, where: SQL) => Promise<R[]>;
}

export const VEHICLE: RecordKind<Vehicle> = {
  subject: 'vehicle',
  table: vehicles,
  key: vehicles.vin,
  field: 'vin',
  keyName: 'VIN',
  select: async (db, where) => (await selectVehicles(db).where(where)).map(toVehicle),
};

export const BATTERY: RecordKind<Battery> = {
  subject: 'battery',
  table: batteries,
  key: batteries.reference,
  field: 'reference',
  keyName: 'reference',
  select: async (db, where) => (await selectBatteries(db).where(where)).map(toBattery),
};

const keyOf = <R>(kind: RecordKind<R>, record: R) => record[kind.field] as string;

export async function findRecord<R>(db: Db, kind: RecordKind<R>, key: string): Promise<R | null> {
  const [record] = await kind.select(db, eq(kind.key, key));
  return record ?? null;
}

/** The record of this key: 404 when none is recorded. */
export async function getRecord<R>(db: Db, kind: RecordKind<R>, key: string): Promise<R> {
  const record = await findRecord(db, kind, key);
  if (!record) throw notFound(`No ${kind.subject} of ${kind.keyName} ${key} is recorded`);
  return record;
}

/** Which of these keys are recorded, with their records. */
export async function recordsByKey<R>(
  db: Db,
  kind: RecordKind<R>,
  keys: readonly string[],
): Promise<Map<string, R>> {
  if (keys.length === 0) return new Map();
  const records = await kind.select(db, inArray(kind.key, [...new Set(keys)]));
  return new Map(records.map((record) => [keyOf(kind, record), record]));
}

/** Who changed a record, and when: written with every change. */
const stamp = (user: SignedInUser) => ({ updatedBy: user.id, updatedAt: new Date() });

/** The fields an update changes, each with its value before and after, for the audit log. */
function changesOf(
  current: Readonly<Record<string, unknown>>,
  next: Readonly<Record<string, unknown>>,
): Record<string, { from: unknown; to: unknown }> {
  return Object.fromEntries(
    Object.entries(next)
      .filter(([field, value]) => JSON.stringify(current[field] ?? null) !== JSON.stringify(value ?? null))
      .map(([field, to]) => [field, { from: current[field] ?? null, to: to ?? null }]),
  );
}

/** A change of a record in the audit log, in the change's own transaction. */
function auditRecord<R>(
  tx: Db,
  user: SignedInUser,
  kind: RecordKind<R>,
  key: string,
  change: 'update' | 'delete',
  details: Record<string, unknown>,
) {
  return recordAudit(tx, user, {
    action: `${kind.subject}.${change}`,
    subjectType: kind.subject,
    subjectId: key,
    details,
  });
}

/**
 * New records by their key, with an audit entry each, in a few statements for all of them (an import
 * writes thousands), inside the caller's transaction.
 */
export async function insertRecords<R, V extends object>(
  tx: Db,
  user: SignedInUser,
  kind: RecordKind<R>,
  records: readonly { key: string; values: V }[],
  details: Record<string, unknown> = {},
): Promise<void> {
  for (const batch of chunksOf(records)) {
    const rows = batch.map(({ key, values }) => ({ [kind.field]: key, ...values, ...stamp(user) }));
    await tx.insert(kind.table).values(rows as never);
    await recordAudits(
      tx,
      user,
      batch.map(({ key, values }) => ({
        action: `${kind.subject}.create` as const,
        subjectType: kind.subject,
        subjectId: key,
        details: { ...details, to: values },
      })),
    );
  }
}

/** A new record: 409 when its key is recorded already, or gets recorded by another request meanwhile. */
export async function createRecord<R, V extends object>(
  db: Db,
  user: SignedInUser,
  kind: RecordKind<R>,
  record: { key: string; values: V },
  answers: { batteryField?: string } = {},
): Promise<void> {
  const taken = `A ${kind.subject} of ${kind.keyName} ${record.key} is recorded already`;
  if (await findRecord(db, kind, record.key)) throw conflict(taken);
  await racing(() => db.transaction((tx) => insertRecords(tx, user, kind, [record])), { taken, ...answers });
}

/** Changes a record with its audit entry (the fields changed, before and after), inside the caller's transaction. */
export async function changeRecord<R extends object, V extends object>(
  tx: Db,
  user: SignedInUser,
  kind: RecordKind<R>,
  current: R,
  values: V,
  details: Record<string, unknown> = {},
): Promise<void> {
  const key = keyOf(kind, current);
  await tx
    .update(kind.table)
    .set({ ...values, ...stamp(user) })
    .where(eq(kind.key, key));
  await auditRecord(tx, user, kind, key, 'update', {
    ...details,
    changes: changesOf(current as Record<string, unknown>, values as Record<string, unknown>),
  });
}

/** Deletes a record with its audit entry (the record as it was), inside the caller's transaction. */
export async function removeRecord<R>(tx: Db, user: SignedInUser, kind: RecordKind<R>, current: R) {
  const key = keyOf(kind, current);
  await tx.delete(kind.table).where(eq(kind.key, key));
  await auditRecord(tx, user, kind, key, 'delete', { from: current });
}
