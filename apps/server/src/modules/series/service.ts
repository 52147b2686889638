import {
  COMPONENT_STATUSES,
  DEVICE_STATUS_NAMES,
  EARLY_ACCESS_VALUES,
  INTERNAL_SERIES_FILTERS,
  ONLINE_STATUSES,
  SEARCH_MAX_LENGTH,
  SERIES_SORT_COLUMNS,
  SUGGESTION_LIMIT,
  deviceStatusCode,
  seriesFieldVisibility,
  type SeriesCard,
  type SeriesFieldVisibility,
  type SeriesSortColumn,
} from '@fleet/contract';
import type { z } from 'zod';
import type { storeAddressSchema } from '@fleet/contract';

type StoreAddress = z.infer<typeof storeAddressSchema>;
import type { Db } from '../../db/client.ts';
import { series } from '../../db/schema.ts';
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
  { name: 'SerieJobFilter', description: 'Refused with 400 until devices have jobs.', repeatable: true },
  {
    name: 'VersionTypeFilter',
    description: 'Refused with 400 until firmware versions are kept.',
    repeatable: true,
  },
  {
    name: 'VersionNumberFilter',
    description: 'Refused with 400 until firmware versions are kept.',
    repeatable: true,
  },
  { name: 'extraDataExports', description: 'Refused with 400 until exports exist.', repeatable: true },
];

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
  query.notYet('SerieJobFilter', 'devices have no jobs yet');
  query.notYet('VersionTypeFilter', 'firmware versions are not kept yet');
  query.notYet('VersionNumberFilter', 'firmware versions are not kept yet');
  query.notYet('extraDataExports', 'there are no exports yet');
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
  };
  query.searchText();
  query.check();
  return { filters, page: { ...paging, sortColumnName: paging.sortColumnName as SeriesSortColumn } };
}

export async function listSeries(db: Db, raw: RawQuery, user: SignedInUser, aliveSince: Date) {
  const { filters, page } = readSeriesQuery(raw, user, aliveSince);
  const { rows, totalCount } = await findSeriesPage(db, filters, page);
  const visibility = visibilityFor(user);
  return { series: rows.map((row) => toCard(row, visibility)), totalCount };
}

export async function filterSuggestions(db: Db, user: SignedInUser) {
  const suggestions = await findSuggestions(db, companyScope(user, series.companyId), SUGGESTION_LIMIT);
  // Groups are an internal filter: customers get none.
  return { ...suggestions, groups: user.wholeFleet ? suggestions.groups : [] };
}
