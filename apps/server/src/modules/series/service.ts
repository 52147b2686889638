import {
  COMPONENT_STATUSES,
  DEVICE_STATUS_NAMES,
  EARLY_ACCESS_VALUES,
  INTERNAL_SERIES_FILTERS,
  JOB_TYPES,
  ONLINE_STATUSES,
  SEARCH_MAX_LENGTH,
  SERIES_EXTRA_DATA,
  SERIES_SORT_COLUMNS,
  SERIES_TOKENS,
  SERIES_VERSION_TYPES,
  SUGGESTION_LIMIT,
  canUseFeature,
  deviceStatusCode,
  mayExportExtraData,
  parseVersionNumber,
  seriesFieldVisibility,
  type SeriesCard,
  type SeriesFieldVisibility,
  type SeriesSortColumn,
} from '@fleet/contract';
import type { z } from 'zod';
import type { storeAddressSchema } from '@fleet/contract';

type StoreAddress = z.infer<typeof storeAddressSchema>;
import type { Db } from '../../db/client.ts';
import { archivedJobs, jobMonthCounts, jobs, series } from '../../db/schema.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import {
  ListQuery,
  offsetPaging,
  offsetPagingParameters,
  type QueryParameter,
  type RawQuery,
} from '../../lib/list-request.ts';
import { companyScope } from '../../lib/scope.ts';
import { findSeriesPage, findSuggestions, type SeriesFilters, type SeriesRow } from './repository.ts';

/** Spec §7's series list parameters, described once for validation, the OpenAPI document and reading. */
export const SERIES_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(SERIES_SORT_COLUMNS),
  {
    name: 'Search',
    description: `Text in the serial number, description, store or dealer code (at most ${SEARCH_MAX_LENGTH} characters).`,
  },
  {
    name: 'StatusFilter',
    description: 'Online or Offline (true and false also accepted).',
    values: ONLINE_STATUSES,
  },
  {
    name: 'FilterOnStatus',
    description: 'false: StatusFilter is ignored (default true).',
    values: ['true', 'false'],
  },
  { name: 'TypeFilter', description: 'Device types.', repeatable: true },
  { name: 'MakerFilter', description: 'Makers.', repeatable: true },
  { name: 'SoftwareVersionFilter', description: 'Software versions the devices run.', repeatable: true },
  { name: 'DatabaseVersionFilter', description: 'Database versions the devices run.', repeatable: true },
  { name: 'DealerCodeFilter', description: 'Dealer codes.', repeatable: true },
  {
    name: 'SerieStatusFilter',
    description: 'Device statuses (internal members only).',
    values: DEVICE_STATUS_NAMES,
    repeatable: true,
  },
  {
    name: 'ComponentStatusFilter',
    description: 'Devices with at least one component in one of these statuses (internal members only).',
    values: COMPONENT_STATUSES,
    repeatable: true,
  },
  {
    name: 'Group',
    description: 'Device group ids (internal members only).',
    repeatable: true,
    integer: true,
  },
  {
    name: 'EarlyAccessFilter',
    description: 'activated or disabled (true and false also accepted; internal members only).',
    values: EARLY_ACCESS_VALUES,
  },
  {
    name: 'FilterOnEarlyAccess',
    description: 'false: EarlyAccessFilter is ignored (default true).',
    values: ['true', 'false'],
  },
  { name: 'OfficialStore_Id', description: 'Id of the store (internal members only).', integer: true },
  {
    name: 'OfficialStoreCode',
    description: 'Official store codes (internal members only).',
    repeatable: true,
  },
  {
    name: 'SerialNumbers',
    description: 'Only these devices, by serial number (a selection made in the list).',
    repeatable: true,
  },
  {
    name: 'SerieJobFilter',
    description:
      'Devices with a job of one of these types, among the jobs the user may see (SERIES.DETAILS.JOBS).',
    values: JOB_TYPES,
    repeatable: true,
  },
  {
    name: 'VersionTypeFilter',
    description:
      'Devices updated (a succeeded update of their history) to a version of these types (SERIES.DETAILS.UPDATES).',
    values: SERIES_VERSION_TYPES,
    repeatable: true,
  },
  {
    name: 'VersionNumberFilter',
    description:
      'Devices updated to one of these versions, of the types VersionTypeFilter names if it is given (SERIES.DETAILS.UPDATES).',
    repeatable: true,
  },
  {
    name: 'extraDataExports',
    description:
      'What an export adds to each device: its users, components or accessories, for those who may see them. The list itself answers the same cards.',
    values: SERIES_EXTRA_DATA,
    repeatable: true,
  },
];

/** Filters that read a part of a device its feature guards (the jobs, the update history). */
const FEATURE_FILTERS = SERIES_TOKENS.flatMap(({ type, feature }) => (feature ? [{ type, feature }] : []));

const VERSION_NUMBER_RULE = 'must be version numbers, such as 2.4.1, 3.0.0-beta.2 or 2025.07';

function versionNumbers(query: ListQuery): string[] {
  const numbers = query.all('VersionNumberFilter');
  if (numbers.some((number) => parseVersionNumber(number) === null))
    query.problem('VersionNumberFilter', VERSION_NUMBER_RULE);
  return numbers;
}

/** The extra data an export asked for, each one the user may see. */
function extraData(query: ListQuery, visibility: SeriesFieldVisibility) {
  const asked = query.choices('extraDataExports', SERIES_EXTRA_DATA);
  for (const extra of asked)
    if (!mayExportExtraData(visibility, extra))
      query.problem('extraDataExports', `may not add ${extra}: that part of a device is not yours to see`);
  return asked;
}

function checkFeatureFilters(query: ListQuery, user: SignedInUser): void {
  for (const { type, feature } of FEATURE_FILTERS)
    if (query.has(type) && !canUseFeature(feature, user.roles, user.disabledFeatures))
      query.problem(type, `needs the ${feature} feature`);
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

/** A device as its card shows it to a viewer with this visibility: what they may not see is left out. */
export function toCard(row: SeriesRow, visibility: SeriesFieldVisibility): SeriesCard {
  return {
    id: row.id,
    serialNumber: row.serialNumber,
    description: row.description,
    deviceStatus: row.deviceStatus as SeriesCard['deviceStatus'],
    deviceType: row.deviceType,
    maker: row.maker,
    country: row.country,
    language: row.language,
    registrationDate: row.registrationDate.toISOString(),
    activationDate: iso(row.activationDate),
    currentVersion: row.currentVersion,
    currentDBVersion: row.currentDbVersion,
    ...(visibility.internalValues
      ? {
          earlyAccess: row.earlyAccess,
          group:
            row.groupId !== null && row.groupName !== null
              ? { groupId: row.groupId, groupName: row.groupName }
              : null,
        }
      : {}),
    officialStoreCode: row.officialStoreCode,
    dealerCode: row.dealerCode,
    officialStore:
      row.storeId !== null
        ? {
            id: row.storeId,
            storeStatus: row.storeStatus ?? 0,
            ...(visibility.storeAddress
              ? { storeAddress: (row.storeAddress as StoreAddress | null) ?? null }
              : {}),
          }
        : null,
    extraData: {
      storeCode: row.storeCode,
      dealerCode: row.dealerCode,
      storeStatus: row.storeStatus,
      storeId: row.storeId,
    },
  };
}

export function visibilityFor(user: SignedInUser): SeriesFieldVisibility {
  return seriesFieldVisibility(user);
}

/** Reads the series list parameters of spec §7: 400 naming each invalid one; internal filters only for internal members. */
export function readSeriesQuery(raw: RawQuery, user: SignedInUser, aliveSince: Date) {
  const query = new ListQuery(raw, SERIES_QUERY);
  checkFeatureFilters(query, user);
  if (!user.wholeFleet) {
    for (const name of INTERNAL_SERIES_FILTERS)
      if (query.has(name)) query.problem(name, 'is only for internal members');
  }
  const paging = offsetPaging(query, SERIES_SORT_COLUMNS);
  const online = query.choices('StatusFilter', [...ONLINE_STATUSES, 'true', 'false'])[0];
  const earlyAccess = query.choices('EarlyAccessFilter', [...EARLY_ACCESS_VALUES, 'true', 'false'])[0];
  const storeId = query.positiveInteger('OfficialStore_Id');
  const groups = query.ids('Group');
  const filterOnStatus = query.boolean('FilterOnStatus') ?? true;
  const filterOnEarlyAccess = query.boolean('FilterOnEarlyAccess') ?? true;
  const filters: SeriesFilters = {
    scope: companyScope(user, series.companyId),
    search: query.one('Search'),
    online: online === undefined || !filterOnStatus ? undefined : online === 'Online' || online === 'true',
    aliveSince,
    types: query.all('TypeFilter'),
    makers: query.all('MakerFilter'),
    softwareVersions: query.all('SoftwareVersionFilter'),
    databaseVersions: query.all('DatabaseVersionFilter'),
    dealerCodes: query.all('DealerCodeFilter'),
    statuses: query.choices('SerieStatusFilter', DEVICE_STATUS_NAMES).map((name) => deviceStatusCode(name)!),
    componentStatuses: query.choices('ComponentStatusFilter', COMPONENT_STATUSES),
    groups,
    earlyAccess:
      earlyAccess === undefined || !filterOnEarlyAccess
        ? undefined
        : earlyAccess === 'activated' || earlyAccess === 'true',
    storeCodes: query.all('OfficialStoreCode'),
    storeId,
    serialNumbers: query.all('SerialNumbers'),
    jobTypes: query.choices('SerieJobFilter', JOB_TYPES).map((name) => JOB_TYPES.indexOf(name)),
    jobScope: {
      live: companyScope(user, jobs.companyId),
      archived: companyScope(user, archivedJobs.companyId),
    },
    versionTypes: query.choices('VersionTypeFilter', SERIES_VERSION_TYPES),
    versionNumbers: versionNumbers(query),
  };
  const extras = extraData(query, visibilityFor(user));
  query.searchText();
  query.check();
  return {
    filters,
    extraData: extras,
    page: { ...paging, sortColumnName: paging.sortColumnName as SeriesSortColumn },
  };
}

export async function listSeries(db: Db, raw: RawQuery, user: SignedInUser, aliveSince: Date) {
  const { filters, page } = readSeriesQuery(raw, user, aliveSince);
  const { rows, totalCount } = await findSeriesPage(db, filters, page);
  const visibility = visibilityFor(user);
  return { series: rows.map((row) => toCard(row, visibility)), totalCount };
}

export async function filterSuggestions(db: Db, user: SignedInUser) {
  const scopes = {
    series: companyScope(user, series.companyId),
    jobCounts: companyScope(user, jobMonthCounts.companyId),
  };
  const suggestions = await findSuggestions(db, scopes, SUGGESTION_LIMIT);
  const may = (feature: string) => canUseFeature(feature, user.roles, user.disabledFeatures);
  // What a user may not filter on is not suggested: groups are internal, jobs and updates have their tabs.
  return {
    ...suggestions,
    groups: user.wholeFleet ? suggestions.groups : [],
    jobType: may('SERIES.DETAILS.JOBS') ? suggestions.jobType : [],
    ...(may('SERIES.DETAILS.UPDATES') ? {} : { versionType: [], versionNumber: [] }),
  };
}
