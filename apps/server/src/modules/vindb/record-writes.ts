import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chunksOf } from '../../lib/chunks.ts';
import { conflict } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit, recordAudits } from '../audit/service.ts';
import { racing } from './repository.ts';
import { findRecord, keyOf, type RecordKind } from './records.ts';

/** The VIN database's records written, each change with its audit entry, whatever their kind. */

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
function auditRecord<R, Row>(
  tx: Db,
  user: SignedInUser,
  kind: RecordKind<R, Row>,
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
export async function insertRecords<R, Row, V extends object>(
  tx: Db,
  user: SignedInUser,
  kind: RecordKind<R, Row>,
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
export async function createRecord<R, Row, V extends object>(
  db: Db,
  user: SignedInUser,
  kind: RecordKind<R, Row>,
  record: { key: string; values: V },
  answers: { batteryField?: string } = {},
): Promise<void> {
  const taken = `A ${kind.subject} of ${kind.keyName} ${record.key} is recorded already`;
  if (await findRecord(db, kind, record.key)) throw conflict(taken);
  await racing(() => db.transaction((tx) => insertRecords(tx, user, kind, [record])), { taken, ...answers });
}

/** Changes a record with its audit entry (the fields changed, before and after), inside the caller's transaction. */
export async function changeRecord<R extends object, Row, V extends object>(
  tx: Db,
  user: SignedInUser,
  kind: RecordKind<R, Row>,
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
export async function removeRecord<R, Row>(tx: Db, user: SignedInUser, kind: RecordKind<R, Row>, current: R) {
  const key = keyOf(kind, current);
  await tx.delete(kind.table).where(eq(kind.key, key));
  await auditRecord(tx, user, kind, key, 'delete', { from: current });
}
