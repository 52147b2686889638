import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accessories, series } from '../../db/schema.ts';
import { keysetOrder, type Cursor } from '../../lib/keyset.ts';

export const ACCESSORY_COLUMNS = {
  SerialNumber: { column: accessories.serialNumber, cast: 'text' },
  RegistrationDate: { column: accessories.registrationDate, cast: 'timestamptz' },
  Id: { column: accessories.id, cast: 'integer' },
} as const;
export type AccessorySortColumn = keyof typeof ACCESSORY_COLUMNS;

export interface AccessoryQuery {
  scope: SQL | undefined;
  serialNumbers: string[];
  seriesSerialNumber?: string;
  sortColumn: AccessorySortColumn;
  sortOrder: 'ASC' | 'DESC';
  pageSize: number;
  cursor: Cursor;
}

const rowColumns = {
  id: accessories.id,
  serialNumber: accessories.serialNumber,
  partNumber: accessories.partNumber,
  description: accessories.description,
  seriesSerialNumber: series.serialNumber,
  registrationDate: accessories.registrationDate,
};

export type AccessoryRow = {
  id: number;
  serialNumber: string;
  partNumber: string;
  description: string | null;
  seriesSerialNumber: string | null;
  registrationDate: Date;
};

/** The sort key of a row, as a cursor keeps it. */
export function sortKey(row: AccessoryRow, column: AccessorySortColumn): string | number {
  if (column === 'RegistrationDate') return row.registrationDate.toISOString();
  return column === 'SerialNumber' ? row.serialNumber : row.id;
}

/** Keyset paging: reads one row more than a page to know whether another page follows. */
export async function findAccessoryRows(db: Db, query: AccessoryQuery): Promise<AccessoryRow[]> {
  const { column, cast } = ACCESSORY_COLUMNS[query.sortColumn];
  const keyset = keysetOrder(query.cursor, query.sortOrder, column, accessories.id, (key) =>
    query.sortColumn === 'Id' ? sql`${key}` : sql`${key}::${sql.raw(cast)}`,
  );
  const where: (SQL | undefined)[] = [query.scope, keyset.where];
  if (query.serialNumbers.length) where.push(inArray(accessories.serialNumber, query.serialNumbers));
  if (query.seriesSerialNumber) where.push(eq(series.serialNumber, query.seriesSerialNumber));
  return db
    .select(rowColumns)
    .from(accessories)
    .leftJoin(series, eq(series.id, accessories.seriesId))
    .where(and(...where))
    .orderBy(...keyset.orderBy)
    .limit(query.pageSize + 1);
}

export async function findAccessory(db: Db, scope: SQL | undefined, by: SQL) {
  const [row] = await db
    .select({ ...rowColumns, seriesId: accessories.seriesId, data: accessories.data })
    .from(accessories)
    .leftJoin(series, eq(series.id, accessories.seriesId))
    .where(and(scope, by));
  return row;
}
