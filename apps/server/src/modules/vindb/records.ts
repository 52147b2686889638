import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { Battery, Vehicle } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { batteries, vehicles } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import {
  ListQuery,
  offsetPage,
  offsetPaging,
  type OffsetPaging,
  type QueryParameter,
  type RawQuery,
} from '../../lib/list-request.ts';
import {
  selectBatteries,
  selectVehicles,
  toBattery,
  toVehicle,
  type BatteryRow,
  type VehicleRow,
} from './repository.ts';

/** Rows of a record table as drizzle selects them: filtered, then sorted and paged. */
interface Selection<Row> {
  where(where: SQL | undefined): PromiseLike<Row[]> & {
    orderBy(...order: SQL[]): {
      limit(size: number): PromiseLike<Row[]> & { offset(skipped: number): PromiseLike<Row[]> };
    };
  };
}

/**
 * What the VIN database's two records differ in (docs/insights.md "VIN database"): their table, the key
 * they are known by and how the API answers them. Listing, finding, writing and auditing them is the same.
 */
export interface RecordKind<R, Row = unknown> {
  subject: 'vehicle' | 'battery';
  table: typeof vehicles | typeof batteries;
  key: typeof vehicles.vin | typeof batteries.reference;
  /** The key's field in the record and in the table's row. */
  field: keyof R & ('vin' | 'reference');
  /** The key as messages name it. */
  keyName: string;
  rows: (db: Db) => Selection<Row>;
  toRecord(row: Row): R;
}

export const VEHICLE: RecordKind<Vehicle, VehicleRow> = {
  subject: 'vehicle',
  table: vehicles,
  key: vehicles.vin,
  field: 'vin',
  keyName: 'VIN',
  rows: selectVehicles,
  toRecord: toVehicle,
};

export const BATTERY: RecordKind<Battery, BatteryRow> = {
  subject: 'battery',
  table: batteries,
  key: batteries.reference,
  field: 'reference',
  keyName: 'reference',
  rows: selectBatteries,
  toRecord: toBattery,
};

/** A record's key, or its row's. */
export const keyOf = <R, Row>(kind: RecordKind<R, Row>, record: R | Row) =>
  (record as Record<typeof kind.field, string>)[kind.field];

async function selectRecords<R, Row>(db: Db, kind: RecordKind<R, Row>, where: SQL): Promise<R[]> {
  return (await kind.rows(db).where(where)).map(kind.toRecord);
}

export async function findRecord<R, Row>(db: Db, kind: RecordKind<R, Row>, key: string): Promise<R | null> {
  const [record] = await selectRecords(db, kind, eq(kind.key, key));
  return record ?? null;
}

/** A record list's own parts: its parameters, its filters and its sort, the key breaking ties. */
export interface RecordList {
  query: readonly QueryParameter[];
  sortColumns: readonly string[];
  conditions: (query: ListQuery) => SQL[];
  order: (paging: OffsetPaging) => SQL[];
}

/** A page of a record list, as the request asks it, and how many records its filters find. */
export async function listRecords<R, Row>(
  db: Db,
  kind: RecordKind<R, Row>,
  list: RecordList,
  raw: RawQuery,
): Promise<{ records: R[]; total: number }> {
  const query = new ListQuery(raw, list.query);
  const paging = offsetPaging(query, list.sortColumns);
  const where = and(...list.conditions(query));
  query.check();
  const { rows, total } = await offsetPage(
    kind
      .rows(db)
      .where(where)
      .orderBy(...list.order(paging)),
    db.select({ n: count() }).from(kind.table).where(where),
    paging,
  );
  return { records: rows.map(kind.toRecord), total };
}

/** The record of this key: 404 when none is recorded. */
export async function getRecord<R, Row>(db: Db, kind: RecordKind<R, Row>, key: string): Promise<R> {
  const record = await findRecord(db, kind, key);
  if (!record) throw notFound(`No ${kind.subject} of ${kind.keyName} ${key} is recorded`);
  return record;
}

/** Which of these keys are recorded, with their records. */
export async function recordsByKey<R, Row>(
  db: Db,
  kind: RecordKind<R, Row>,
  keys: readonly string[],
): Promise<Map<string, R>> {
  if (keys.length === 0) return new Map();
  const records = await selectRecords(db, kind, inArray(kind.key, [...new Set(keys)]));
  return new Map(records.map((record) => [keyOf(kind, record), record]));
}
