import {
  DEVICE_STATUS_NAMES,
  EARLY_ACCESS_VALUES,
  INTERNAL_SERIES_FILTERS,
  ONLINE_STATUSES,
  SERIES_SORT_COLUMNS,
  SERIES_TOKENS,
  SUGGESTION_LIMIT,
  deviceStatusCode,
  type SeriesCard,
  type SeriesSortColumn,
} from '@fleet/contract';
import type { z } from 'zod';
import type { storeAddressSchema } from '@fleet/contract';

type StoreAddress = z.infer<typeof storeAddressSchema>;
import type { Db } from '../../db/client.ts';
import { series } from '../../db/schema.ts';
import type { SignedInUser } from '../../plugins/auth.ts';
import { ListQuery, PAGING_KEYS, offsetPaging, type RawQuery } from '../../lib/list-request.ts';
import { companyScope } from '../../lib/scope.ts';
import { findSeriesPage, findSuggestions, type SeriesFilters, type SeriesRow } from './repository.ts';

const FLAG_KEYS = ['FilterOnStatus', 'FilterOnEarlyAccess'];
const KNOWN_KEYS = [...PAGING_KEYS, ...SERIES_TOKENS.map((t) => t.type), ...FLAG_KEYS];

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export function toCard(row: SeriesRow): SeriesCard {
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
    earlyAccess: row.earlyAccess,
    group:
      row.groupId !== null && row.groupName !== null
        ? { groupId: row.groupId, groupName: row.groupName }
        : null,
    officialStoreCode: row.officialStoreCode,
    dealerCode: row.dealerCode,
    officialStore:
      row.storeId !== null
        ? {
            id: row.storeId,
            storeStatus: row.storeStatus ?? 0,
            storeAddress: (row.storeAddress as StoreAddress | null) ?? null,
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

/** Reads the series list parameters of spec §7: 400 naming each invalid one; internal filters only for internal members. */
export function readSeriesQuery(raw: RawQuery, user: SignedInUser, aliveSince: Date) {
  const query = new ListQuery(raw, KNOWN_KEYS);
  if (!user.wholeFleet) {
    for (const name of INTERNAL_SERIES_FILTERS)
      if (query.has(name)) query.problem(name, 'is only for internal members');
  }
  const paging = offsetPaging(query, SERIES_SORT_COLUMNS);
  const online = query.choices('StatusFilter', [...ONLINE_STATUSES, 'true', 'false'])[0];
  const earlyAccess = query.choices('EarlyAccessFilter', [...EARLY_ACCESS_VALUES, 'true', 'false'])[0];
  const storeId = query.positiveInteger('OfficialStore_Id');
  const groups = query.all('Group').map((value) => {
    const id = Number(value);
    if (!Number.isInteger(id) || id < 1) query.problem('Group', 'must be a group id');
    return id;
  });
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
    groups,
    earlyAccess:
      earlyAccess === undefined || !filterOnEarlyAccess
        ? undefined
        : earlyAccess === 'activated' || earlyAccess === 'true',
    storeCodes: query.all('OfficialStoreCode'),
    storeId,
  };
  if (query.one('Search') && query.one('Search')!.length > 100)
    query.problem('Search', 'must be at most 100 characters');
  query.check();
  return { filters, page: { ...paging, sortColumnName: paging.sortColumnName as SeriesSortColumn } };
}

export async function listSeries(db: Db, raw: RawQuery, user: SignedInUser, aliveSince: Date) {
  const { filters, page } = readSeriesQuery(raw, user, aliveSince);
  const { rows, totalCount } = await findSeriesPage(db, filters, page);
  return { series: rows.map(toCard), totalCount };
}

export async function filterSuggestions(db: Db, user: SignedInUser) {
  const suggestions = await findSuggestions(db, companyScope(user, series.companyId), SUGGESTION_LIMIT);
  // Groups are an internal filter: customers get none.
  return { ...suggestions, groups: user.wholeFleet ? suggestions.groups : [] };
}
