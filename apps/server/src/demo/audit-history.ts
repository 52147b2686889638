import type { AuditRecord } from '../modules/audit/service.ts';
import type { SignedInUser } from '../lib/signed-in-user.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';

/** An audit entry of the demo's past work: who did it, and when. */
export type AuditRow = AuditRecord & { at: Date; actor: SignedInUser };

/** An audit entry of a record not written yet: its subject is the id the record gets. */
export type HistoryEntry = Omit<AuditRow, 'subjectType' | 'subjectId'>;

/** Writes the entries in one insert, each at its own time. */
export async function recordHistory(db: Db, entries: readonly AuditRow[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insert(t.auditLog)
    .values(
      entries.map(({ at, actor, ...entry }) => ({ at, actorId: actor.id, actorName: actor.name, ...entry })),
    );
}
