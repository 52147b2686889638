import { and, asc, count, gt, type SQL } from 'drizzle-orm';
import {
  BATTERY_IMPORT_COLUMNS,
  VEHICLE_IMPORT_COLUMNS,
  batteryImportValuesOf,
  vehicleImportValuesOf,
  type TaskKind,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { exportFilterQuery, type ExportFilters, type ListExportSource } from '../tasks/list-export.ts';
import { BATTERY, VEHICLE, keyOf, type RecordKind, type RecordList } from './records.ts';
import { BATTERY_LIST } from './batteries.ts';
import { VEHICLE_LIST } from './vehicles.ts';

const BATCH = 2000;
const PAGING = ['PageNumber', 'PageSize', 'SortColumnName', 'SortOrder'];

/**
 * An export of a VIN database list (docs/insights.md): its filters as the list reads them (paging and
 * sort say nothing about which records it holds), rows in key order, batch after batch, in the columns
 * of an import of the same records, so that an exported file edited and imported again updates them.
 */
function recordExport<R, Row>(options: {
  kind: TaskKind;
  headers: readonly string[];
  record: RecordKind<R, Row>;
  list: RecordList;
  cells: (record: R) => string[];
}): ListExportSource {
  const { record, list } = options;
  const filters = list.query.filter((parameter) => !PAGING.includes(parameter.name));
  const whereOf = (given: ExportFilters) => {
    const query = exportFilterQuery(given, filters);
    const conditions = list.conditions(query);
    query.check();
    return and(...conditions);
  };
  /** The rows after this key, in key order. */
  const page = (db: Db, where: SQL | undefined, after: string) =>
    record
      .rows(db)
      .where(and(where, gt(record.key, after)))
      .orderBy(asc(record.key))
      .limit(BATCH);
  return {
    kind: options.kind,
    headers: options.headers,
    check: (_user, given) => void whereOf(given),
    count: async (db, _user, given) =>
      (await db.select({ n: count() }).from(record.table).where(whereOf(given)))[0]?.n ?? 0,
    async *batches(db, _user, given) {
      const where = whereOf(given);
      let after = '';
      for (;;) {
        const rows = await page(db, where, after);
        if (rows.length === 0) return;
        yield rows.map((row) => options.cells(record.toRecord(row)));
        if (rows.length < BATCH) return;
        after = keyOf(record, rows[rows.length - 1]!);
      }
    },
  };
}

export const vehicleExportSource = recordExport({
  kind: 'vehicles-export',
  headers: VEHICLE_IMPORT_COLUMNS,
  record: VEHICLE,
  list: VEHICLE_LIST,
  cells: (vehicle) => {
    const values = vehicleImportValuesOf(vehicle);
    return VEHICLE_IMPORT_COLUMNS.map((column) => values[column]);
  },
});

export const batteryExportSource = recordExport({
  kind: 'batteries-export',
  headers: BATTERY_IMPORT_COLUMNS,
  record: BATTERY,
  list: BATTERY_LIST,
  cells: (battery) => {
    const values = batteryImportValuesOf(battery);
    return BATTERY_IMPORT_COLUMNS.map((column) => values[column]);
  },
});
