import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ASSOCIATION_MODES,
  ASSOCIATION_SORT_COLUMNS,
  ASSOCIATION_STATUSES,
  ASSOCIATION_SUBJECTS,
  DEFAULT_PAGE_SIZE,
  type CursorPaging,
  type JobAssociation,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { jobAssociations, series } from '../../db/schema.ts';
import { decodeCursor, isInstant, keysetOrder, keysetPage } from '../../lib/keyset.ts';
import {
  ListQuery,
  cursorPagingParameters,
  sortOrderOf,
  type QueryParameter,
  type RawQuery,
} from '../../lib/list-request.ts';
import { searchCondition } from '../../lib/list-search.ts';

const DAY_MS = 86_400_000;
const indexList = (list: readonly string[]) => list.map((name, index) => `${index} ${name}`).join(', ');

/** The associations list's parameters (spec §7). */
export const ASSOCIATION_QUERY: readonly QueryParameter[] = [
  ...cursorPagingParameters(ASSOCIATION_SORT_COLUMNS, DEFAULT_PAGE_SIZE, 'DESC'),
  { name: 'Search', description: "Text found in the device's serial number or the subject's id." },
  { name: 'AssociationSubjectId', description: 'The id of the subject, exactly.' },
  {
    name: 'AssociationStatusesList',
    description: `Status index: ${indexList(ASSOCIATION_STATUSES)}.`,
    repeatable: true,
    values: ASSOCIATION_STATUSES.map((_, index) => index),
  },
  {
    name: 'AssociationMode',
    description: `Mode index: ${indexList(ASSOCIATION_MODES)}.`,
    values: ASSOCIATION_MODES.map((_, index) => index),
  },
  {
    name: 'AssociationSubject',
    description: `Subject index: ${indexList(ASSOCIATION_SUBJECTS)}.`,
    values: ASSOCIATION_SUBJECTS.map((_, index) => index),
  },
  { name: 'StartDate', description: 'Created on or after this day (yyyy-MM-dd, UTC).' },
  { name: 'EndDate', description: 'Created on or before this day (yyyy-MM-dd, UTC), included.' },
];

function conditions(query: ListQuery): SQL[] {
  const where: SQL[] = [];
  const search = searchCondition(query, [series.serialNumber, jobAssociations.associationSubjectId]);
  if (search) where.push(search);
  const subjectId = query.one('AssociationSubjectId');
  if (subjectId !== undefined) where.push(eq(jobAssociations.associationSubjectId, subjectId));
  const statuses = query.listIndexes('AssociationStatusesList', ASSOCIATION_STATUSES);
  if (statuses.length) where.push(inArray(jobAssociations.status, statuses));
  const modes = query.listIndexes('AssociationMode', ASSOCIATION_MODES);
  if (modes.length) where.push(inArray(jobAssociations.associationMode, modes));
  const subjects = query.listIndexes('AssociationSubject', ASSOCIATION_SUBJECTS);
  if (subjects.length) where.push(inArray(jobAssociations.associationSubject, subjects));
  const start = query.dayStart('StartDate');
  const end = query.dayStart('EndDate');
  if (start) where.push(sql`${jobAssociations.createdAt} >= ${start.toISOString()}::timestamptz`);
  if (end)
    where.push(
      sql`${jobAssociations.createdAt} < ${new Date(end.getTime() + DAY_MS).toISOString()}::timestamptz`,
    );
  if (start && end && start > end) query.problem('StartDate', 'must not be after EndDate');
  return where;
}

/** Job associations, newest first by default, cursor-paged. */
export async function listAssociations(
  db: Db,
  raw: RawQuery,
): Promise<{ data: JobAssociation[]; paging: CursorPaging }> {
  const query = new ListQuery(raw, ASSOCIATION_QUERY);
  const size = query.pageSize(DEFAULT_PAGE_SIZE);
  const where = conditions(query);
  query.check();
  const sortOrder = sortOrderOf(query, 'DESC');
  const cursor = decodeCursor(query.one('cursor'), isInstant);
  const keyset = keysetOrder(
    cursor,
    sortOrder,
    jobAssociations.createdAt,
    jobAssociations.id,
    (key) => sql`${key}::timestamptz`,
  );
  const rows = await db
    .select({ association: jobAssociations, serialNumber: series.serialNumber })
    .from(jobAssociations)
    .innerJoin(series, eq(series.id, jobAssociations.seriesId))
    .where(and(...where, keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(size + 1);
  const page = keysetPage(cursor, rows, size, (row) => ({
    key: row.association.createdAt.toISOString(),
    id: row.association.id,
  }));
  return {
    data: page.rows.map(({ association: a, serialNumber }) => ({
      id: a.id,
      status: a.status,
      failureReason: a.failureReason,
      createdAt: a.createdAt.toISOString(),
      startedAt: a.startedAt?.toISOString() ?? null,
      terminatedAt: a.terminatedAt?.toISOString() ?? null,
      seriesId: a.seriesId,
      serialNumber,
      associationMode: a.associationMode,
      associationSubject: a.associationSubject,
      associationSubjectId: a.associationSubjectId,
    })),
    paging: page.paging,
  };
}
