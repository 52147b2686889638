import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_ACTION_NAMES,
  AUDIT_SORT_COLUMNS,
  AUDIT_SUBJECTS,
  DEFAULT_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type AuditSubject,
  type CursorPaging,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { chunksOf } from '../../lib/chunks.ts';
import { decodeCursor, isId, isInstant, keysetOrder, keysetPage } from '../../lib/keyset.ts';
import {
  ListQuery,
  containsPattern,
  cursorPagingParameters,
  sortOrderOf,
  type QueryParameter,
  type RawQuery,
} from '../../lib/list-request.ts';

export interface AuditRecord {
  action: AuditAction;
  subjectType: AuditSubject;
  subjectId: string;
  details: Record<string, unknown>;
}

/**
 * Writes who did what to which record. Called in the transaction of the change itself, so that a
 * change is never without its record, nor a record without its change.
 */
export async function recordAudit(
  db: Db,
  user: Pick<SignedInUser, 'name'> & { id: string | null },
  entry: AuditRecord,
): Promise<void> {
  await recordAudits(db, user, [entry]);
}

/** Writes many entries of one actor at once (an import), in the transaction of the changes. */
export async function recordAudits(
  db: Db,
  user: Pick<SignedInUser, 'name'> & { id: string | null },
  entries: readonly AuditRecord[],
): Promise<void> {
  for (const batch of chunksOf(entries))
    await db
      .insert(auditLog)
      .values(batch.map((entry) => ({ actorId: user.id, actorName: user.name, ...entry })));
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

/** The audit log's parameters (docs/company-tools.md). */
export const AUDIT_QUERY: readonly QueryParameter[] = [
  ...cursorPagingParameters(AUDIT_SORT_COLUMNS, DEFAULT_PAGE_SIZE, 'DESC'),
  { name: 'User', description: "Text found in the name of who made the change, or that user's id." },
  { name: 'Action', description: 'The action recorded.', values: AUDIT_ACTION_NAMES, repeatable: true },
  { name: 'SubjectType', description: 'The kind of record changed.', values: AUDIT_SUBJECTS },
  { name: 'SubjectId', description: 'The id of the record changed, exactly (with SubjectType).' },
  { name: 'From', description: 'Changes at or after this instant (yyyy-MM-ddTHH:mm:ss.SSSZ).' },
  { name: 'To', description: 'Changes before this instant (yyyy-MM-ddTHH:mm:ss.SSSZ).' },
];

/** The conditions of the audit log's filters; problems are collected in the query. */
export function auditConditions(query: ListQuery): SQL[] {
  const where: SQL[] = [];
  const user = query.searchText('User');
  if (user !== undefined) {
    const byId = /^[0-9a-f-]{36}$/i.test(user)
      ? sql`${auditLog.actorId}::text = ${user.toLowerCase()}`
      : undefined;
    where.push(or(ilike(auditLog.actorName, containsPattern(user)), byId)!);
  }
  const actions = query.choices('Action', AUDIT_ACTION_NAMES);
  if (actions.length) where.push(inArray(auditLog.action, actions));
  const [subjectType] = query.choices('SubjectType', AUDIT_SUBJECTS);
  if (subjectType) where.push(eq(auditLog.subjectType, subjectType));
  const subjectId = query.one('SubjectId');
  if (subjectId !== undefined) {
    if (!subjectType) query.problem('SubjectId', 'needs SubjectType');
    where.push(eq(auditLog.subjectId, subjectId));
  }
  const from = query.instant('From');
  const to = query.instant('To');
  if (from) where.push(sql`${auditLog.at} >= ${from.toISOString()}::timestamptz`);
  if (to) where.push(sql`${auditLog.at} < ${to.toISOString()}::timestamptz`);
  if (from && to && from >= to) query.problem('From', 'must be before To');
  return where;
}

function toEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    details: row.details,
  };
}

/** The audit log, newest first by default, cursor-paged. */
export async function listAudit(
  db: Db,
  raw: RawQuery,
): Promise<{ data: AuditEntry[]; paging: CursorPaging }> {
  const query = new ListQuery(raw, AUDIT_QUERY);
  const size = query.pageSize(DEFAULT_PAGE_SIZE);
  const where = auditConditions(query);
  query.check();
  const cursor = decodeCursor(query.one('cursor'), isInstant, isId);
  const keyset = keysetOrder(
    cursor,
    sortOrderOf(query, 'DESC'),
    auditLog.at,
    auditLog.id,
    (key) => sql`${key}::timestamptz`,
  );
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where, keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(size + 1);
  const page = keysetPage(cursor, rows, size, (row) => ({ key: row.at.toISOString(), id: row.id }));
  return { data: page.rows.map(toEntry), paging: page.paging };
}
