import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { JOB_COUNT_LIMIT, type Job, type JobSortColumn } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { deviceGroups, series, type archivedJobs, type jobs } from '../../db/schema.ts';
import { keysetOrder, type Cursor } from '../../lib/keyset.ts';

export type JobTable = typeof jobs | typeof archivedJobs;

export interface JobPageQuery {
  table: JobTable;
  /** Scope, filters and the list's kind (synthetic or not). */
  where: (SQL | undefined)[];
  sortColumn: JobSortColumn;
  sortOrder: 'ASC' | 'DESC';
  pageSize: number;
  cursor: Cursor;
}

export const sortColumnOf = (table: JobTable, column: JobSortColumn) =>
  column === 'PostedDate' ? table.postedDate : table.beginDate;

function columnsOf(table: JobTable) {
  return {
    id: table.id,
    workflow: table.workflow,
    beginDate: table.beginDate,
    postedDate: table.postedDate,
    jobType: table.jobType,
    jobStatus: table.jobStatus,
    serialNumber: series.serialNumber,
    deviceType: table.deviceType,
    userName: table.userName,
    groupId: deviceGroups.id,
    groupName: deviceGroups.name,
    data: table.data,
    validCal: table.validCal,
    validChk: table.validChk,
    gresst: table.gresst,
  };
}

export type JobRow = {
  id: number;
  workflow: string;
  beginDate: Date;
  postedDate: Date;
  jobType: number;
  jobStatus: number;
  serialNumber: string;
  deviceType: string;
  userName: string | null;
  groupId: number | null;
  groupName: string | null;
  data: Record<string, unknown>;
  validCal: number;
  validChk: number;
  gresst: number | null;
};

export function toJob(row: JobRow): Job {
  return {
    id: String(row.id),
    workflow: row.workflow,
    beginDate: row.beginDate.toISOString(),
    postedDate: row.postedDate.toISOString(),
    jobType: row.jobType,
    jobStatus: row.jobStatus,
    serialNumber: row.serialNumber,
    deviceType: row.deviceType,
    user: row.userName,
    group:
      row.groupId !== null && row.groupName !== null
        ? { groupId: row.groupId, groupName: row.groupName }
        : null,
    data: row.data as Job['data'],
    result: { validCal: row.validCal, validChk: row.validChk, sn: row.serialNumber, gresst: row.gresst },
  };
}

function selectJobs(db: Db, table: JobTable) {
  return db
    .select(columnsOf(table))
    .from(table)
    .innerJoin(series, eq(series.id, table.seriesId))
    .leftJoin(deviceGroups, eq(deviceGroups.id, table.groupId));
}

/** One page by keyset on (sort column, id), one row more than a page to know whether another follows. */
export async function findJobRows(db: Db, query: JobPageQuery): Promise<JobRow[]> {
  const column = sortColumnOf(query.table, query.sortColumn);
  const keyset = keysetOrder(
    query.cursor,
    query.sortOrder,
    column,
    query.table.id,
    (key) => sql`${key}::timestamptz`,
  );
  const rows = await selectJobs(db, query.table)
    .where(and(...query.where, keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(query.pageSize + 1);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** A job as an export writes it: its text as the database gives it, dates as epoch milliseconds. */
export interface JobExportRow {
  id: string;
  workflow: string;
  begin_ms: number;
  posted_ms: number;
  job_type: number;
  job_status: number;
  serial_number: string;
  device_type: string;
  user_name: string | null;
  group_name: string | null;
  valid_cal: number;
  valid_chk: number;
  gresst: number | null;
  /** The sort column's instant to the microsecond, for the next batch's keyset. */
  sort_key: string;
  /** Tags, whole (the tag columns keep 64 characters for the filters). */
  vin: string | null;
  ro: string | null;
  bac: string | null;
  warranty_code: string | null;
  mk: string | null;
  md: string | null;
  ye: string | null;
  pn: string | null;
  cr: string | null;
  jid: string | null;
  temp: string | null;
}

const EXPORTED_TAGS = {
  vin: 'VIN',
  ro: 'RO',
  bac: 'BAC',
  warranty_code: 'WARRANTYCODE',
  mk: 'MK',
  md: 'MD',
  ye: 'YE',
  pn: 'PN',
  cr: 'CR',
  jid: 'JID',
  temp: 'TEMP',
} as const;

/**
 * One batch of an export: the page of `findJobRows` (same filters, scope and keyset) read lean, without
 * the per-column mapping a screen's page gets and without parsing each job's data map, for files of
 * millions of rows.
 */
export async function findJobExportRows(db: Db, query: JobPageQuery): Promise<JobExportRow[]> {
  const { table } = query;
  const sortColumn = sortColumnOf(table, query.sortColumn);
  const keyset = keysetOrder(
    query.cursor,
    query.sortOrder,
    sortColumn,
    table.id,
    (key) => sql`${key}::timestamptz`,
  );
  const epochMs = (column: AnyPgColumn) => sql`(extract(epoch from ${column}) * 1000)::float8`;
  const tags = Object.entries(EXPORTED_TAGS).map(
    ([name, tag]) => sql`${table.data}->>${sql.raw(`'${tag}'`)} as ${sql.raw(name)}`,
  );
  const result = (await db.execute(sql`
    select ${table.id}::text as id, ${table.workflow} as workflow,
      ${epochMs(table.beginDate)} as begin_ms, ${epochMs(table.postedDate)} as posted_ms,
      ${table.jobType} as job_type, ${table.jobStatus} as job_status,
      ${series.serialNumber} as serial_number, ${table.deviceType} as device_type,
      ${table.userName} as user_name, ${deviceGroups.name} as group_name,
      ${table.validCal} as valid_cal, ${table.validChk} as valid_chk, ${table.gresst} as gresst,
      to_char(${sortColumn} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sort_key,
      ${sql.join(tags, sql`, `)}
    from ${table}
    inner join ${series} on ${series.id} = ${table.seriesId}
    left join ${deviceGroups} on ${deviceGroups.id} = ${table.groupId}
    where ${and(...query.where, keyset.where)}
    order by ${sql.join(keyset.orderBy, sql`, `)}
    limit ${query.pageSize + 1}`)) as unknown as { rows: JobExportRow[] };
  return result.rows;
}

/**
 * Counts up to JOB_COUNT_LIMIT matches and stops there: a count over millions of jobs would read them
 * all, for a number nobody pages through. `exact` is false when the limit was reached.
 */
export async function countJobs(
  db: Db,
  table: JobTable,
  where: (SQL | undefined)[],
  /** null: the whole count (an export's progress), however long it takes. */
  limit: number | null = JOB_COUNT_LIMIT,
): Promise<{ count: number; exact: boolean }> {
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(and(...where));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from((limit === null ? matches : matches.limit(limit + 1)).as('matches'));
  const n = Number(row?.n ?? 0);
  return limit !== null && n > limit ? { count: limit, exact: false } : { count: n, exact: true };
}

export async function findJob(
  db: Db,
  table: JobTable,
  where: (SQL | undefined)[],
): Promise<JobRow | undefined> {
  const [row] = await selectJobs(db, table).where(and(...where));
  return row ? { ...row, id: Number(row.id) } : undefined;
}
