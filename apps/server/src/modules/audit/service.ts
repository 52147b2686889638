import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { SignedInUser } from '../../plugins/auth.ts';

/** What the audit log records about (docs/audit.md). */
export type AuditSubject = 'job' | 'job-template' | 'version' | 'rollout' | 'series';

export interface AuditEntry {
  action: string;
  subjectType: AuditSubject;
  subjectId: string;
  details: Record<string, unknown>;
}

/**
 * Writes who did what to which record. Called in the transaction of the change itself, so that a
 * change is never without its record, nor a record without its change.
 */
export async function recordAudit(db: Db, user: SignedInUser, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ actorId: user.id, actorName: user.name, ...entry });
}

/** What happened to one record, newest first. */
export async function auditOf(db: Db, subjectType: AuditSubject, subjectId: string, limit = 100) {
  return db
    .select({
      at: auditLog.at,
      actorName: auditLog.actorName,
      action: auditLog.action,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), eq(auditLog.subjectId, subjectId)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
}
