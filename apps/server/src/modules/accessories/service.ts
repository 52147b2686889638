import { eq } from 'drizzle-orm';
import {
  CURSOR_PAGE_SIZE,
  sanitizeSortColumn,
  sanitizeSortOrder,
  type Accessory,
  type CursorPaging,
  type SeriesUser,
} from '@fleet/contract';
import { recordAudit } from '../audit/service.ts';
import type { Db } from '../../db/client.ts';
import { accessories, seriesUsers } from '../../db/schema.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  ListQuery,
  cursorPagingParameters,
  type QueryParameter,
  type RawQuery,
} from '../../lib/list-request.ts';
import { companyScope } from '../../lib/scope.ts';
import { decodeCursor, isInstant, isRowId, keysetPage } from '../../lib/keyset.ts';
import {
  ACCESSORY_COLUMNS,
  findAccessory,
  findAccessoryRows,
  sortKey,
  type AccessoryRow,
  type AccessorySortColumn,
} from './repository.ts';

const SORT_COLUMNS = Object.keys(ACCESSORY_COLUMNS) as AccessorySortColumn[];

/** The accessory list's parameters (spec §7), described once for validation, documentation and reading. */
export const ACCESSORY_QUERY: readonly QueryParameter[] = [
  ...cursorPagingParameters(SORT_COLUMNS, CURSOR_PAGE_SIZE),
  { name: 'AccessoriesSerialNumbers', description: 'Serial numbers of accessories.', repeatable: true },
  { name: 'SeriesSerialNumber', description: 'Serial number of the device the accessories belong to.' },
];

function toAccessory(row: AccessoryRow): Accessory {
  return {
    id: row.id,
    serialNumber: row.serialNumber,
    partNumber: row.partNumber,
    description: row.description,
    seriesSerialNumber: row.seriesSerialNumber,
    registrationDate: row.registrationDate.toISOString(),
  };
}

export async function listAccessories(
  db: Db,
  raw: RawQuery,
  user: SignedInUser,
): Promise<{ data: Accessory[]; paging: CursorPaging }> {
  const query = new ListQuery(raw, ACCESSORY_QUERY);
  const size = query.pageSize(CURSOR_PAGE_SIZE);
  query.check();
  const sortColumn = sanitizeSortColumn(query.one('SortColumnName'), SORT_COLUMNS) as AccessorySortColumn;
  const cursor = decodeCursor(query.one('cursor'), (key) => keyFits(key, sortColumn));
  const rows = await findAccessoryRows(db, {
    scope: companyScope(user, accessories.companyId),
    serialNumbers: query.all('AccessoriesSerialNumbers'),
    seriesSerialNumber: query.one('SeriesSerialNumber'),
    sortColumn,
    sortOrder: sanitizeSortOrder(query.one('SortOrder')),
    pageSize: size,
    cursor,
  });
  const page = keysetPage(cursor, rows, size, (row) => ({ key: sortKey(row, sortColumn), id: row.id }));
  return { data: page.rows.map(toAccessory), paging: page.paging };
}

/** Whether a cursor's sort key is a value the sort column can hold. */
function keyFits(key: unknown, column: AccessorySortColumn): boolean {
  if (column === 'Id') return isRowId(key);
  if (column === 'SerialNumber')
    return typeof key === 'string' && key.length <= 32 && !key.includes('\u0000');
  return isInstant(key);
}

async function accessoryRecord(db: Db, user: SignedInUser, by: { id: number } | { serialNumber: string }) {
  const condition = 'id' in by ? eq(accessories.id, by.id) : eq(accessories.serialNumber, by.serialNumber);
  const row = await findAccessory(db, companyScope(user, accessories.companyId), condition);
  if (!row) throw notFound(`No accessory ${'id' in by ? by.id : by.serialNumber}`);
  return row;
}

export async function getAccessory(
  db: Db,
  user: SignedInUser,
  by: { id: number } | { serialNumber: string },
): Promise<Accessory> {
  return toAccessory(await accessoryRecord(db, user, by));
}

/** Users of the device the accessory is attached to. */
export async function accessoryUsers(
  db: Db,
  user: SignedInUser,
  id: number,
  withEmail: boolean,
): Promise<SeriesUser[]> {
  const accessory = await accessoryRecord(db, user, { id });
  if (!accessory.seriesId) return [];
  const rows = await db
    .select()
    .from(seriesUsers)
    .where(eq(seriesUsers.seriesId, accessory.seriesId))
    .orderBy(seriesUsers.username);
  return rows.map((row) => ({
    username: row.username,
    userUID: row.userUid,
    ...(withEmail ? { email: row.email } : {}),
  }));
}

export async function accessoryData(
  db: Db,
  user: SignedInUser,
  id: number,
): Promise<Record<string, unknown>> {
  return (await accessoryRecord(db, user, { id })).data;
}

export const MAX_ACCESSORY_DATA_BYTES = 64 * 1024;

export async function replaceAccessoryData(
  db: Db,
  user: SignedInUser,
  id: number,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const accessory = await accessoryRecord(db, user, { id });
  if (JSON.stringify(data).length > MAX_ACCESSORY_DATA_BYTES)
    throw badRequest(`body: larger than ${MAX_ACCESSORY_DATA_BYTES} bytes`);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(accessories)
      .set({ data })
      .where(eq(accessories.id, id))
      .returning({ data: accessories.data });
    await recordAudit(tx, user, {
      action: 'accessory.data',
      subjectType: 'accessory',
      subjectId: String(id),
      details: { serialNumber: accessory.serialNumber, from: accessory.data, to: data },
    });
    return row!.data;
  });
}
