import { and, asc, count, eq, gt } from 'drizzle-orm';
import { DEVICE_STATUSES, type DeviceStatusCode } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { series, stores } from '../../db/schema.ts';
import type { Cell } from '../../lib/export-writers/writer.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { exportFilterQuery, type ExportFilters, type ListExportSource } from '../tasks/list-export.ts';
import { extraDataOf } from './extra-data.ts';
import { seriesConditions } from './repository.ts';
import { SERIES_QUERY, readSeriesQuery } from './service.ts';

const BATCH = 2000;
const PAGING = new Set(['PageNumber', 'PageSize', 'SortColumnName', 'SortOrder']);
/** The list's filters (a selection among them); its paging and sort say nothing about which devices. */
const SERIES_FILTERS = SERIES_QUERY.filter((parameter) => !PAGING.has(parameter.name));

/**
 * The devices list's export (docs/series.md "Selections"): what a card shows, a row per device, for the
 * list's filters or a selection of serial numbers, in the user's scope.
 */
const HEADERS = [
  'serialNumber',
  'description',
  'deviceStatus',
  'deviceType',
  'maker',
  'country',
  'registrationDate',
  'activationDate',
  'currentVersion',
  'currentDBVersion',
  'officialStoreCode',
  'dealerCode',
] as const;

/**
 * The devices list's export (docs/series.md "Selections"): what a card shows, a row per device, for the
 * list's filters or a selection of serial numbers, in the user's scope; `extraDataExports` adds a column
 * per extra data asked (the device's users, components or accessories).
 */
export function seriesExportSource(aliveSince: () => Date): ListExportSource {
  const read = (user: SignedInUser, filters: ExportFilters) => {
    exportFilterQuery(filters, SERIES_FILTERS).check();
    const query = readSeriesQuery(filters, user, aliveSince());
    return { where: seriesConditions(query.filters), extras: query.extraData };
  };
  return {
    kind: 'series-export',
    headers: (user, filters) => [...HEADERS, ...read(user, filters).extras],
    check: (user, filters) => void read(user, filters),
    async count(db: Db, user, filters) {
      const [row] = await db.select({ n: count() }).from(series).where(read(user, filters).where);
      return row?.n ?? 0;
    },
    async *batches(db: Db, user, filters) {
      const { where, extras } = read(user, filters);
      let after = 0;
      for (;;) {
        const rows = await db
          .select({
            id: series.id,
            serialNumber: series.serialNumber,
            description: series.description,
            deviceStatus: series.deviceStatus,
            deviceType: series.deviceType,
            maker: series.maker,
            country: series.country,
            registrationDate: series.registrationDate,
            activationDate: series.activationDate,
            currentVersion: series.currentVersion,
            currentDbVersion: series.currentDbVersion,
            officialStoreCode: stores.officialStoreCode,
            dealerCode: series.dealerCode,
          })
          .from(series)
          .leftJoin(stores, eq(stores.id, series.storeId))
          .where(and(where, gt(series.id, after)))
          .orderBy(asc(series.id))
          .limit(BATCH);
        if (rows.length === 0) return;
        const extraCells = await extraDataOf(
          db,
          rows.map((row) => row.id),
          extras,
        );
        yield rows.map((row): Cell[] => [
          row.serialNumber,
          row.description,
          DEVICE_STATUSES[row.deviceStatus as DeviceStatusCode] ?? row.deviceStatus,
          row.deviceType,
          row.maker,
          row.country,
          row.registrationDate,
          row.activationDate,
          row.currentVersion,
          row.currentDbVersion,
          row.officialStoreCode,
          row.dealerCode,
          ...extraCells.map((cell) => cell(row.id)),
        ]);
        if (rows.length < BATCH) return;
        after = rows[rows.length - 1]!.id;
      }
    },
  };
}
