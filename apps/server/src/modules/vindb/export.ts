import { and, asc, count, gt, type SQL } from 'drizzle-orm';
import {
  BATTERY_IMPORT_COLUMNS,
  VEHICLE_IMPORT_COLUMNS,
  batteryImportValuesOf,
  vehicleImportValuesOf,
  type TaskKind,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { batteries, vehicles } from '../../db/schema.ts';
import { exportFilterQuery, type ExportFilters, type ListExportSource } from '../tasks/list-export.ts';
import type { ListQuery, QueryParameter } from '../../lib/list-request.ts';
import { selectBatteries, selectVehicles, toBattery, toVehicle } from './repository.ts';
import { BATTERY_QUERY, batteryConditions } from './batteries.ts';
import { VEHICLE_QUERY, vehicleConditions } from './vehicles.ts';

const BATCH = 2000;
const PAGING = ['PageNumber', 'PageSize', 'SortColumnName', 'SortOrder'];

/**
 * An export of a VIN database list (docs/insights.md): its filters as the list reads them (paging and
 * sort say nothing about which records it holds), rows in key order, batch after batch, in the columns
 * of an import of the same records, so that an exported file edited and imported again updates them.
 */
function recordExport<R>(options: {
  kind: TaskKind;
  headers: readonly string[];
  query: readonly QueryParameter[];
  conditions: (query: ListQuery) => SQL[];
  count: (db: Db, where: SQL | undefined) => Promise<number>;
  /** The rows after this key, in key order. */
  page: (db: Db, where: SQL | undefined, after: string) => Promise<R[]>;
  keyOf: (row: R) => string;
  cells: (row: R) => string[];
}): ListExportSource {
  const filters = options.query.filter((parameter) => !PAGING.includes(parameter.name));
  const whereOf = (given: ExportFilters) => {
    const query = exportFilterQuery(given, filters);
    const conditions = options.conditions(query);
    query.check();
    return and(...conditions);
  };
  return {
    kind: options.kind,
    feature: 'VINDB.EXPORT',
    headers: options.headers,
    check: (_user, given) => void whereOf(given),
    count: (db, _user, given) => options.count(db, whereOf(given)),
    async *batches(db, _user, given) {
      const where = whereOf(given);
      let after = '';
      for (;;) {
        const rows = await options.page(db, where, after);
        if (rows.length === 0) return;
        yield rows.map(options.cells);
        if (rows.length < BATCH) return;
        after = options.keyOf(rows[rows.length - 1]!);
      }
    },
  };
}

export const vehicleExportSource = recordExport({
  kind: 'vehicles-export',
  headers: VEHICLE_IMPORT_COLUMNS,
  query: VEHICLE_QUERY,
  conditions: vehicleConditions,
  count: async (db, where) => (await db.select({ n: count() }).from(vehicles).where(where))[0]?.n ?? 0,
  page: (db, where, after) =>
    selectVehicles(db)
      .where(and(where, gt(vehicles.vin, after)))
      .orderBy(asc(vehicles.vin))
      .limit(BATCH),
  keyOf: (row) => row.vin,
  cells: (row) => {
    const values = vehicleImportValuesOf(toVehicle(row));
    return VEHICLE_IMPORT_COLUMNS.map((column) => values[column]);
  },
});

export const batteryExportSource = recordExport({
  kind: 'batteries-export',
  headers: BATTERY_IMPORT_COLUMNS,
  query: BATTERY_QUERY,
  conditions: batteryConditions,
  count: async (db, where) => (await db.select({ n: count() }).from(batteries).where(where))[0]?.n ?? 0,
  page: (db, where, after) =>
    selectBatteries(db)
      .where(and(where, gt(batteries.reference, after)))
      .orderBy(asc(batteries.reference))
      .limit(BATCH),
  keyOf: (row) => row.reference,
  cells: (row) => {
    const values = batteryImportValuesOf(toBattery(row));
    return BATTERY_IMPORT_COLUMNS.map((column) => values[column]);
  },
});
