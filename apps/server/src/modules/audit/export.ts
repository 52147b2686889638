import { and, count, desc, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { exportFilterQuery, type ExportFilters, type ListExportSource } from '../tasks/list-export.ts';
import { AUDIT_QUERY, auditConditions } from './service.ts';

const BATCH = 2000;
/** The log's filters; its paging and sort say nothing about which entries an export holds. */
const AUDIT_FILTERS = AUDIT_QUERY.filter(
  (parameter) => !['PageSize', 'SortOrder', 'SortColumnName', 'cursor'].includes(parameter.name),
);

function whereOf(filters: ExportFilters): SQL | undefined {
  const query = exportFilterQuery(filters, AUDIT_FILTERS);
  const conditions = auditConditions(query);
  query.check();
  return and(...conditions);
}

/** The audit log's export (docs/audit.md): newest first, the details as their JSON. */
export const auditExportSource: ListExportSource = {
  kind: 'audit-export',
  headers: ['at', 'userId', 'user', 'action', 'subjectType', 'subjectId', 'details'],
  check: (_user, filters) => void whereOf(filters),
  async count(db: Db, _user, filters) {
    const [row] = await db.select({ n: count() }).from(auditLog).where(whereOf(filters));
    return row?.n ?? 0;
  },
  async *batches(db: Db, _user, filters) {
    const where = whereOf(filters);
    let before: number | null = null;
    for (;;) {
      const rows = await db
        .select()
        .from(auditLog)
        .where(and(where, before === null ? undefined : lt(auditLog.id, before)))
        .orderBy(desc(auditLog.id))
        .limit(BATCH);
      if (rows.length === 0) return;
      yield rows.map((row) => [
        row.at,
        row.actorId,
        row.actorName,
        row.action,
        row.subjectType,
        row.subjectId,
        JSON.stringify(row.details),
      ]);
      if (rows.length < BATCH) return;
      before = rows[rows.length - 1]!.id;
    }
  },
};
