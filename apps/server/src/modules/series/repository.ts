import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  ilike,
  inArray,
  isNotNull,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { JOB_TYPES, type SeriesSortColumn, type DeviceStatusCode } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { containsPattern, offsetPage } from '../../lib/list-request.ts';
import {
  archivedJobs,
  components,
  deviceGroups,
  heartbeats,
  jobMonthCounts,
  jobs,
  series,
  stores,
  updateHistory,
} from '../../db/schema.ts';

export interface SeriesFilters {
  scope: SQL | undefined;
  search?: string;
  online?: boolean;
  aliveSince: Date;
  types: string[];
  makers: string[];
  softwareVersions: string[];
  databaseVersions: string[];
  dealerCodes: string[];
  statuses: DeviceStatusCode[];
  componentStatuses: string[];
  groups: number[];
  earlyAccess?: boolean;
  storeCodes: string[];
  storeId?: number;
  /** A selection made in the list. */
  serialNumbers: string[];
  /** Devices with a job of one of these types (indexes of JOB_TYPES)... */
  jobTypes: number[];
  /** ...among the jobs the user may see, live or archived. */
  jobScope: { live: SQL | undefined; archived: SQL | undefined };
  /** Devices their update history shows updated (succeeded) to a version of these types and numbers. */
  versionTypes: string[];
  versionNumbers: string[];
}

const SORT_COLUMNS = {
  Id: series.id,
  SerialNumber: series.serialNumber,
  ActivationDate: series.activationDate,
  RegistrationDate: series.registrationDate,
  Country: series.country,
  Description: series.description,
  DealerCode: series.dealerCode,
} as const satisfies Record<SeriesSortColumn, unknown>;

/** The device's last heartbeat is recent enough for it to count as alive. */
function recentHeartbeat(aliveSince: Date): SQL {
  return sql`(select 1 from ${heartbeats} where ${heartbeats.seriesId} = ${series.id} and ${heartbeats.lastHeartbeat} > ${aliveSince.toISOString()}::timestamptz)`;
}

/** The device has a job of these types in this table (found by the index on its device). */
function jobOfType(table: typeof jobs | typeof archivedJobs, types: number[], scope: SQL | undefined): SQL {
  return exists(
    sql`(select 1 from ${table} where ${and(eq(table.seriesId, series.id), inArray(table.jobType, types), scope)})`,
  );
}

/** The device's update history holds a succeeded update of these types and to these versions. */
function updatedTo(types: string[], numbers: string[]): SQL {
  const matches = and(
    eq(updateHistory.seriesId, series.id),
    eq(updateHistory.state, 'succeeded'),
    types.length ? inArray(updateHistory.subject, types) : undefined,
    numbers.length ? inArray(updateHistory.toVersion, numbers) : undefined,
  );
  return exists(sql`(select 1 from ${updateHistory} where ${matches})`);
}

/** The where clause of the series list's filters (the list, and a migration's devices). */
export function seriesConditions(filters: SeriesFilters): SQL | undefined {
  const all: (SQL | undefined)[] = [filters.scope];
  if (filters.search) {
    const pattern = containsPattern(filters.search);
    all.push(
      or(
        ilike(series.serialNumber, pattern),
        ilike(series.description, pattern),
        ilike(series.storeCode, pattern),
        ilike(series.dealerCode, pattern),
      ),
    );
  }
  if (filters.online !== undefined) {
    const recent = recentHeartbeat(filters.aliveSince);
    all.push(filters.online ? exists(recent) : notExists(recent));
  }
  if (filters.types.length) all.push(inArray(series.deviceType, filters.types));
  if (filters.makers.length) all.push(inArray(series.maker, filters.makers));
  if (filters.softwareVersions.length) all.push(inArray(series.currentVersion, filters.softwareVersions));
  if (filters.databaseVersions.length) all.push(inArray(series.currentDbVersion, filters.databaseVersions));
  if (filters.dealerCodes.length) all.push(inArray(series.dealerCode, filters.dealerCodes));
  if (filters.statuses.length) all.push(inArray(series.deviceStatus, filters.statuses));
  if (filters.componentStatuses.length)
    all.push(
      exists(
        sql`(select 1 from ${components} where ${components.seriesId} = ${series.id} and ${inArray(components.status, filters.componentStatuses)})`,
      ),
    );
  if (filters.groups.length) all.push(inArray(series.groupId, filters.groups));
  if (filters.earlyAccess !== undefined) all.push(eq(series.earlyAccess, filters.earlyAccess));
  if (filters.storeCodes.length) all.push(inArray(series.storeCode, filters.storeCodes));
  if (filters.storeId !== undefined) all.push(eq(series.storeId, filters.storeId));
  if (filters.serialNumbers.length) all.push(inArray(series.serialNumber, filters.serialNumbers));
  if (filters.jobTypes.length)
    all.push(
      or(
        jobOfType(jobs, filters.jobTypes, filters.jobScope.live),
        jobOfType(archivedJobs, filters.jobTypes, filters.jobScope.archived),
      ),
    );
  if (filters.versionTypes.length || filters.versionNumbers.length)
    all.push(updatedTo(filters.versionTypes, filters.versionNumbers));
  return and(...all);
}

export interface SeriesPage {
  pageNumber: number;
  pageSize: number;
  sortColumnName: SeriesSortColumn;
  sortOrder: 'ASC' | 'DESC';
}

const cardColumns = {
  id: series.id,
  serialNumber: series.serialNumber,
  description: series.description,
  deviceStatus: series.deviceStatus,
  deviceType: series.deviceType,
  maker: series.maker,
  country: series.country,
  language: series.language,
  registrationDate: series.registrationDate,
  activationDate: series.activationDate,
  currentVersion: series.currentVersion,
  currentDbVersion: series.currentDbVersion,
  earlyAccess: series.earlyAccess,
  storeCode: series.storeCode,
  dealerCode: series.dealerCode,
  groupId: deviceGroups.id,
  groupName: deviceGroups.name,
  storeId: stores.id,
  storeStatus: stores.storeStatus,
  storeAddress: stores.address,
  officialStoreCode: stores.officialStoreCode,
  storeDealerCode: stores.dealerCode,
};

export type SeriesRow = Awaited<ReturnType<typeof findSeriesPage>>['rows'][number];

export async function findSeriesPage(db: Db, filters: SeriesFilters, page: SeriesPage) {
  const where = seriesConditions(filters);
  const direction = page.sortOrder === 'DESC' ? desc : asc;
  const column = SORT_COLUMNS[page.sortColumnName];
  const { rows, total } = await offsetPage(
    db
      .select(cardColumns)
      .from(series)
      .leftJoin(stores, eq(stores.id, series.storeId))
      .leftJoin(deviceGroups, eq(deviceGroups.id, series.groupId))
      .where(where)
      .orderBy(direction(column), direction(series.id)),
    db.select({ n: count() }).from(series).where(where),
    page,
  );
  return { rows, totalCount: total };
}

/** The types and numbers of the versions devices in scope were updated to (succeeded updates). */
async function updatedVersions(db: Db, scope: SQL | undefined, limit: number) {
  const distinct = (column: typeof updateHistory.subject | typeof updateHistory.toVersion) =>
    db
      .selectDistinct({ value: column })
      .from(updateHistory)
      .innerJoin(series, eq(series.id, updateHistory.seriesId))
      .where(and(eq(updateHistory.state, 'succeeded'), scope))
      .orderBy(asc(column))
      .limit(limit);
  const [types, numbers] = await Promise.all([
    distinct(updateHistory.subject),
    distinct(updateHistory.toVersion),
  ]);
  return { versionType: types.map((r) => r.value), versionNumber: numbers.map((r) => r.value) };
}

/** The job types of the jobs in scope, read from their monthly counts rather than from every job. */
async function producedJobTypes(db: Db, scope: SQL | undefined) {
  const rows = await db
    .selectDistinct({ jobType: jobMonthCounts.jobType })
    .from(jobMonthCounts)
    // A month's count stays at 0 once its jobs are gone.
    .where(and(scope, gt(jobMonthCounts.count, 0)))
    .orderBy(asc(jobMonthCounts.jobType));
  return rows.flatMap((row) => JOB_TYPES[row.jobType] ?? []);
}

/**
 * Distinct values for the filter suggestions, within the user's scope: `series` over devices, `jobCounts`
 * over the monthly job counts.
 */
export async function findSuggestions(
  db: Db,
  scopes: { series: SQL | undefined; jobCounts: SQL | undefined },
  limit: number,
) {
  const scope = scopes.series;
  const distinct = async (
    column:
      | typeof series.deviceType
      | typeof series.maker
      | typeof series.currentVersion
      | typeof series.currentDbVersion
      | typeof series.dealerCode,
  ) =>
    (
      await db
        .selectDistinct({ value: column })
        .from(series)
        .where(and(scope, isNotNull(column)))
        .orderBy(asc(column))
        .limit(limit)
    ).map((r) => r.value!);
  const [types, makers, softwareVersion, databaseVersion, dealerCodes, groups, jobType, versions] =
    await Promise.all([
      distinct(series.deviceType),
      distinct(series.maker),
      distinct(series.currentVersion),
      distinct(series.currentDbVersion),
      distinct(series.dealerCode),
      db
        .select({ groupId: deviceGroups.id, groupName: deviceGroups.name })
        .from(deviceGroups)
        .orderBy(asc(deviceGroups.name))
        .limit(limit),
      producedJobTypes(db, scopes.jobCounts),
      updatedVersions(db, scope, limit),
    ]);
  return { types, makers, softwareVersion, databaseVersion, dealerCodes, groups, jobType, ...versions };
}

/** One device as its card shows it, within the user's scope. */
export async function findSeriesCard(db: Db, scope: SQL | undefined, serialNumber: string) {
  const [row] = await db
    .select({
      ...cardColumns,
      statusBeforeDiscard: series.statusBeforeDiscard,
      productDescriptions: series.productDescriptions,
      companyId: series.companyId,
    })
    .from(series)
    .leftJoin(stores, eq(stores.id, series.storeId))
    .leftJoin(deviceGroups, eq(deviceGroups.id, series.groupId))
    .where(and(scope, eq(series.serialNumber, serialNumber)));
  return row;
}
