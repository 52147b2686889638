import { and, asc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import {
  JOB_SORT_COLUMNS,
  DEFAULT_PAGE_SIZE,
  sanitizeSortColumn,
  type CursorPaging,
  type Job,
  type JobFiltersAnswer,
  type JobListKind,
  type JobSortColumn,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { archivedJobs, deviceGroups, jobs, series } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { decodeCursor, isId, isInstant, keysetPage } from '../../lib/keyset.ts';
import {
  ListQuery,
  cursorPagingParameters,
  sortOrderOf,
  type QueryParameter,
  type RawQuery,
} from '../../lib/list-request.ts';
import { companyScope } from '../../lib/scope.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { JOB_FILTER_PARAMETERS, jobConditions } from './filters.ts';
import { countJobs, findJob, findJobRows, toJob, type JobPageQuery, type JobTable } from './repository.ts';

/** The paging and sorting parameters of the jobs lists, then their filters. */
export const JOB_QUERY: readonly QueryParameter[] = [
  ...cursorPagingParameters(JOB_SORT_COLUMNS, DEFAULT_PAGE_SIZE, 'DESC'),
  ...JOB_FILTER_PARAMETERS,
];

/** The jobs a list kind reads: live and synthetic jobs share a table, archived ones have their own. */
function tableOf(kind: JobListKind): JobTable {
  return kind === 'ARCHIVED' ? archivedJobs : jobs;
}

/** The scope, the kind and the filters of a request; throws one 400 naming every invalid parameter. */
function whereOf(query: ListQuery, kind: JobListKind, user: SignedInUser): (SQL | undefined)[] {
  const table = tableOf(kind);
  const where = [
    companyScope(user, table.companyId),
    eq(table.synthetic, kind === 'SYNTHETIC'),
    ...jobConditions(query, table, kind, user.wholeFleet),
  ];
  return where;
}

export interface JobPage {
  jobs: Job[];
  paging: CursorPaging;
}

/**
 * A jobs request read and checked: the page it asks for (what the repository runs) and its cursor.
 * `location` names where the parameters are in a 400 (an export's are in its body).
 */
export function readJobQuery(
  raw: RawQuery,
  user: SignedInUser,
  kind: JobListKind,
  location = 'query',
): JobPageQuery {
  const query = new ListQuery(raw, JOB_QUERY, location);
  const pageSize = query.pageSize(DEFAULT_PAGE_SIZE);
  const where = whereOf(query, kind, user);
  query.check();
  return {
    table: tableOf(kind),
    where,
    sortColumn: sanitizeSortColumn(query.one('SortColumnName'), JOB_SORT_COLUMNS) as JobSortColumn,
    // Newest first unless asked otherwise (spec §9).
    sortOrder: sortOrderOf(query, 'DESC'),
    pageSize,
    cursor: decodeCursor(query.one('cursor'), isInstant, isId),
  };
}

export async function listJobs(
  db: Db,
  raw: RawQuery,
  user: SignedInUser,
  kind: JobListKind,
): Promise<JobPage> {
  const pageQuery = readJobQuery(raw, user, kind);
  const rows = await findJobRows(db, pageQuery);
  const page = keysetPage(pageQuery.cursor, rows, pageQuery.pageSize, (row) => ({
    key: (pageQuery.sortColumn === 'PostedDate' ? row.postedDate : row.beginDate).toISOString(),
    id: row.id,
  }));
  return { jobs: page.rows.map(toJob), paging: page.paging };
}

export async function countJobsFor(
  db: Db,
  raw: RawQuery,
  user: SignedInUser,
  kind: JobListKind,
): Promise<{ data: number; exact: boolean }> {
  const query = new ListQuery(raw, JOB_QUERY);
  const where = whereOf(query, kind, user);
  query.check();
  const { count, exact } = await countJobs(db, tableOf(kind), where);
  return { data: count, exact };
}

/** One job by its id, live or archived, within the user's scope; a 404 when there is none. */
export async function findJobInScope(
  db: Db,
  user: SignedInUser,
  id: string,
): Promise<{ job: Job; archived: boolean }> {
  const number = /^[0-9]{1,15}$/.test(id) ? Number(id) : NaN;
  if (isId(number)) {
    for (const table of [jobs, archivedJobs]) {
      const row = await findJob(db, table, [eq(table.id, number), companyScope(user, table.companyId)]);
      if (row) return { job: toJob(row), archived: table === archivedJobs };
    }
  }
  throw notFound(`No job ${id}`);
}

/** The job, live or archived, that carries a warranty code, within the user's scope; null when none. */
export async function findJobByWarrantyCode(
  db: Db,
  user: SignedInUser,
  code: string,
): Promise<{ job: Job; archived: boolean } | null> {
  for (const table of [jobs, archivedJobs]) {
    const row = await findJob(db, table, [eq(table.warrantyCode, code), companyScope(user, table.companyId)]);
    if (row) return { job: toJob(row), archived: table === archivedJobs };
  }
  return null;
}

export async function getJob(db: Db, user: SignedInUser, id: string): Promise<Job> {
  return (await findJobInScope(db, user, id)).job;
}

/**
 * The filter lists of the jobs lists, within the user's scope: the device users who ran jobs, the
 * device types and the groups of the devices (groups for internal members only, as the Group filter).
 */
export async function jobFilterUsers(db: Db, user: SignedInUser): Promise<Pick<JobFiltersAnswer, 'users'>> {
  const scope = companyScope(user, jobs.companyId);
  // A skip scan over the users' index: one index probe per distinct user, however many jobs there are.
  const rows = (await db.execute(sql`
    with recursive names(name) as (
      (select ${jobs.userName} from ${jobs} where ${jobs.userName} is not null ${scope ? sql`and ${scope}` : sql``}
        order by ${jobs.userName} limit 1)
      union all
      select (select ${jobs.userName} from ${jobs} where ${jobs.userName} > names.name ${scope ? sql`and ${scope}` : sql``}
        order by ${jobs.userName} limit 1)
      from names where names.name is not null
    )
    select name from names where name is not null limit 1000`)) as unknown as { rows: { name: string }[] };
  return { users: rows.rows.map((row) => row.name) };
}

export async function jobFilterDeviceTypes(
  db: Db,
  user: SignedInUser,
): Promise<Pick<JobFiltersAnswer, 'devicesTypes'>> {
  const rows = await db
    .selectDistinct({ type: series.deviceType })
    .from(series)
    .where(companyScope(user, series.companyId))
    .orderBy(asc(series.deviceType));
  return { devicesTypes: rows.map((row) => row.type) };
}

export async function jobFilterGroups(db: Db, user: SignedInUser): Promise<Pick<JobFiltersAnswer, 'groups'>> {
  if (!user.wholeFleet) return { groups: [] };
  const rows = await db
    .select({ groupId: deviceGroups.id, groupName: deviceGroups.name })
    .from(deviceGroups)
    .where(
      inArray(
        deviceGroups.id,
        db
          .selectDistinct({ id: series.groupId })
          .from(series)
          .where(and(isNotNull(series.groupId))),
      ),
    )
    .orderBy(asc(deviceGroups.name));
  return { groups: rows };
}
