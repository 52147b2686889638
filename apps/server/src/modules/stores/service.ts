import { and, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  NO_STORE_OR_GROUP_MESSAGE,
  STORE_SORT_COLUMNS,
  STORE_ARCHIVED,
  seriesFieldVisibility,
  type Store,
  type StoreBody,
  type StoreAttachmentBody,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { missingReferences } from '../../db/references.ts';
import { series, stores } from '../../db/schema.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { badRequest, conflict, invalid, notFound } from '../../lib/errors.ts';
import {
  ListQuery,
  offsetPaging,
  offsetPagingParameters,
  type QueryParameter,
  type RawQuery,
  offsetPage,
} from '../../lib/list-request.ts';
import { searchCondition } from '../../lib/list-search.ts';
import { companyScope } from '../../lib/scope.ts';
import { isUuid } from '../../lib/uuid.ts';
import { UNIQUE_VIOLATION, databaseErrorOf } from '../../lib/database-errors.ts';
import { auditSeries, deviceInScope, ensureAllowed, seriesDetail } from '../series/actions.ts';
import { chunksOf } from '../../lib/chunks.ts';
import { recordAudit, recordAudits } from '../audit/service.ts';

// Spelled out: inside a select list drizzle leaves the outer table's columns unqualified.
const deviceCount = sql<number>`(select count(*)::int from "series" where "series"."store_id" = "stores"."id")`;
export const storeColumns = {
  id: stores.id,
  officialStoreCode: stores.officialStoreCode,
  dealerCode: stores.dealerCode,
  name: stores.name,
  storeStatus: stores.storeStatus,
  companyId: stores.companyId,
  groupId: stores.groupId,
  storeAddress: stores.address,
  deviceCount,
};

/** A store as this user may see it: its address only for the roles of spec §6. */
function toStore(row: { storeAddress: unknown } & Omit<Store, 'storeAddress'>, user: SignedInUser): Store {
  const { storeAddress, ...store } = row;
  return seriesFieldVisibility(user).storeAddress
    ? { ...store, storeAddress: (storeAddress as Store['storeAddress']) ?? null }
    : store;
}

/** The store list's parameters, described once for validation, documentation and reading. */
export const STORE_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(STORE_SORT_COLUMNS),
  { name: 'Search', description: 'Text in the official store code, name, dealer code or city.' },
  { name: 'StoreStatus', description: '0 active, 1 archived.', values: ['0', '1'] },
  { name: 'Company', description: "The company's id (customers: their own only).", repeatable: true },
  { name: 'Group', description: 'The device group id.', repeatable: true, integer: true },
];

/** The conditions of the store list's filters; problems are collected in the query. */
export function storeConditions(query: ListQuery): SQL[] {
  const where: SQL[] = [];
  const search = searchCondition(query, [
    stores.officialStoreCode,
    stores.name,
    stores.dealerCode,
    sql`${stores.address}->>'locality'`,
  ]);
  if (search) where.push(search);
  const status = query.choices('StoreStatus', ['0', '1'])[0];
  if (status !== undefined) where.push(eq(stores.storeStatus, Number(status)));
  const companyIds = query.all('Company');
  if (companyIds.some((id) => !isUuid(id))) query.problem('Company', 'must be company ids');
  else if (companyIds.length) where.push(inArray(stores.companyId, companyIds));
  const groups = query.ids('Group');
  if (groups.length) where.push(inArray(stores.groupId, groups));
  return where;
}

export async function listStores(db: Db, user: SignedInUser, raw: RawQuery) {
  const query = new ListQuery(raw, STORE_QUERY);
  const paging = offsetPaging(query, STORE_SORT_COLUMNS);
  const conditions = storeConditions(query);
  query.check();
  const where = and(companyScope(user, stores.companyId), ...conditions);
  const column = {
    OfficialStoreCode: stores.officialStoreCode,
    Name: stores.name,
    Id: stores.id,
    DeviceCount: deviceCount,
  }[paging.sortColumnName as 'Id'];
  const order =
    paging.sortOrder === 'DESC'
      ? sql`${column} desc, ${stores.id} desc`
      : sql`${column} asc, ${stores.id} asc`;
  const { rows, total } = await offsetPage(
    db.select(storeColumns).from(stores).where(where).orderBy(order),
    db.select({ n: count() }).from(stores).where(where),
    paging,
  );
  return { stores: rows.map((row) => toStore(row, user)), totalCount: total };
}

export async function getStore(db: Db, user: SignedInUser, id: number): Promise<Store> {
  const [row] = await db
    .select(storeColumns)
    .from(stores)
    .where(and(companyScope(user, stores.companyId), eq(stores.id, id)));
  if (!row) throw notFound(`No store ${id}`);
  return toStore(row, user);
}

/** Customers manage the stores of their own company only. */
function ownedCompany(user: SignedInUser, requested: string | null | undefined): string | null {
  return user.wholeFleet ? (requested ?? null) : user.companyId;
}

const codeTaken = (code: string) => conflict(`A store with the code ${code} exists already in this company`);

/** Store codes are unique within a company, so a customer learns nothing about other companies' codes. */
async function ensureCodeFree(db: Db, code: string, companyId: string | null, except?: number) {
  const [other] = await db
    .select({ id: stores.id })
    .from(stores)
    .where(
      and(
        eq(stores.officialStoreCode, code),
        companyId ? eq(stores.companyId, companyId) : isNull(stores.companyId),
      ),
    );
  if (other && other.id !== except) throw codeTaken(code);
}

async function auditStore(
  db: Db,
  user: SignedInUser,
  id: number,
  action: 'store.create' | 'store.update' | 'store.delete',
  details: Record<string, unknown>,
) {
  await recordAudit(db, user, { action, subjectType: 'store', subjectId: String(id), details });
}

/** The fields an update changes, each with its value before and after. */
function changes(current: Store, values: Record<string, unknown>): { changes: Record<string, unknown> } {
  const before: Record<string, unknown> = { ...current, address: current.storeAddress };
  const changed = Object.entries(values).filter(
    ([field, value]) => JSON.stringify(before[field] ?? null) !== JSON.stringify(value ?? null),
  );
  return {
    changes: Object.fromEntries(changed.map(([field, to]) => [field, { from: before[field] ?? null, to }])),
  };
}

/** A company or group the body names must exist: 400 naming the field otherwise. */
async function ensureReferencesExist(db: Db, companyId: string | null, groupId: number | null) {
  const problems = await missingReferences(db, { companyId, groupId });
  if (problems.length > 0) throw invalid(problems);
}

/** Two requests racing for one code: the database keeps one, the other gets the same 409. */
async function keepingCodeUnique<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (databaseErrorOf(error)?.code === UNIQUE_VIOLATION) throw codeTaken(code);
    throw error;
  }
}

/** A store's columns as a create or an update writes them; an update without `address` keeps it. */
export interface StoreValues {
  officialStoreCode: string;
  dealerCode: string | null;
  name: string;
  storeStatus: number;
  companyId: string | null;
  groupId: number | null;
  address?: Store['storeAddress'];
}

/** Inserts a store with its audit entry, inside the caller's transaction. */
export async function insertStore(
  tx: Db,
  user: SignedInUser,
  values: StoreValues,
  details: Record<string, unknown> = {},
): Promise<number> {
  const [id] = await insertStores(tx, user, [values], details);
  return id!;
}

/**
 * Creates stores with an audit entry each, in a few statements for all of them (an import writes
 * thousands), inside the caller's transaction; answers their ids in the order given.
 */
export async function insertStores(
  tx: Db,
  user: SignedInUser,
  values: readonly StoreValues[],
  details: Record<string, unknown> = {},
): Promise<number[]> {
  const ids: number[] = [];
  for (const batch of chunksOf(values)) {
    const rows = batch.map((store) => ({ ...store, address: store.address ?? null }));
    const created = await tx
      .insert(stores)
      .values(rows)
      .returning({ id: stores.id, code: stores.officialStoreCode, companyId: stores.companyId });
    // A code is unique within its company: the key finds each row's id whatever order they come back in.
    const idOf = new Map(created.map((row) => [`${row.companyId}/${row.code}`, row.id]));
    const batchIds = rows.map((row) => idOf.get(`${row.companyId}/${row.officialStoreCode}`)!);
    await recordAudits(
      tx,
      user,
      rows.map((row, index) => ({
        action: 'store.create',
        subjectType: 'store',
        subjectId: String(batchIds[index]),
        details: { ...details, to: row },
      })),
    );
    ids.push(...batchIds);
  }
  return ids;
}

/** Changes a store with its audit entry, inside the caller's transaction; its devices show the new codes. */
export async function changeStore(
  tx: Db,
  user: SignedInUser,
  current: Store,
  values: StoreValues,
  details: Record<string, unknown> = {},
): Promise<void> {
  const row = { ...values };
  if (row.address === undefined) delete row.address;
  await tx.update(stores).set(row).where(eq(stores.id, current.id));
  await auditStore(tx, user, current.id, 'store.update', { ...details, ...changes(current, row) });
  await tx
    .update(series)
    .set({ storeCode: values.officialStoreCode, dealerCode: values.dealerCode })
    .where(eq(series.storeId, current.id));
}

export async function createStore(db: Db, user: SignedInUser, body: StoreBody): Promise<Store> {
  const companyId = ownedCompany(user, body.companyId);
  await ensureReferencesExist(db, companyId, body.groupId ?? null);
  await ensureCodeFree(db, body.officialStoreCode, companyId);
  const id = await keepingCodeUnique(body.officialStoreCode, () =>
    db.transaction((tx) =>
      insertStore(tx, user, {
        officialStoreCode: body.officialStoreCode,
        dealerCode: body.dealerCode ?? null,
        name: body.name,
        storeStatus: body.storeStatus ?? 0,
        companyId,
        groupId: body.groupId ?? null,
        address: body.storeAddress ?? null,
      }),
    ),
  );
  return getStore(db, user, id);
}

export async function updateStore(db: Db, user: SignedInUser, id: number, body: StoreBody): Promise<Store> {
  const current = await getStore(db, user, id);
  const companyId = ownedCompany(user, body.companyId === undefined ? current.companyId : body.companyId);
  const groupId = body.groupId === undefined ? current.groupId : body.groupId;
  await ensureReferencesExist(db, companyId, groupId);
  await ensureCodeFree(db, body.officialStoreCode, companyId, id);
  await keepingCodeUnique(body.officialStoreCode, () =>
    db.transaction((tx) =>
      changeStore(tx, user, current, {
        officialStoreCode: body.officialStoreCode,
        dealerCode: body.dealerCode ?? null,
        name: body.name,
        storeStatus: body.storeStatus ?? current.storeStatus,
        companyId,
        groupId,
        // Left as it is unless the body gives one (the caller may not even see it).
        address: body.storeAddress,
      }),
    ),
  );
  return getStore(db, user, id);
}

export async function deleteStore(db: Db, user: SignedInUser, id: number): Promise<void> {
  const store = await getStore(db, user, id);
  if (store.deviceCount > 0)
    throw conflict(
      `Store ${store.officialStoreCode} still has ${store.deviceCount} devices: detach them or archive the store`,
    );
  await db.transaction(async (tx) => {
    await tx.delete(stores).where(eq(stores.id, id));
    await auditStore(tx, user, id, 'store.delete', { from: store });
  });
}

/**
 * Attaches a device to the store with this code. No such store (or an archived one, or one of
 * another company for a customer), or a store of another device group: the spec's message.
 */
export async function attachDevice(
  db: Db,
  user: SignedInUser,
  serialNumber: string,
  { storeCode, dealerCode }: StoreAttachmentBody,
) {
  const device = await deviceInScope(db, user, serialNumber);
  ensureAllowed('editStore', user, device);
  // The store of that code in the device's company, else one that belongs to no company.
  const [store] = await db
    .select()
    .from(stores)
    .where(
      and(
        eq(stores.officialStoreCode, storeCode),
        companyScope(user, stores.companyId),
        device.companyId
          ? or(eq(stores.companyId, device.companyId), isNull(stores.companyId))
          : isNull(stores.companyId),
      ),
    )
    .orderBy(sql`${stores.companyId} nulls last`)
    .limit(1);
  const groupMatches =
    store && (store.groupId === null || device.groupId === null || store.groupId === device.groupId);
  if (!store || store.storeStatus === STORE_ARCHIVED || !groupMatches) {
    throw badRequest(NO_STORE_OR_GROUP_MESSAGE, [
      { field: 'body.storeCode', message: NO_STORE_OR_GROUP_MESSAGE },
    ]);
  }
  await db.transaction(async (tx) => {
    await tx
      .update(series)
      .set({
        storeId: store.id,
        storeCode: store.officialStoreCode,
        // The device's own dealer code is kept unless another is given; the store's is then a suggestion.
        dealerCode: dealerCode === undefined ? (device.dealerCode ?? store.dealerCode) : dealerCode || null,
      })
      .where(eq(series.id, device.id));
    await auditSeries(tx, user, device, 'series.store', {
      from: device.storeId ? { storeId: device.storeId, officialStoreCode: device.officialStoreCode } : null,
      to: { storeId: store.id, officialStoreCode: store.officialStoreCode },
      ...(dealerCode === undefined
        ? {}
        : { dealerCode: { from: device.dealerCode, to: dealerCode || null } }),
    });
  });
  return seriesDetail(db, user, serialNumber);
}

/** Detaches a device from its store; the official store code must be the one it is attached to. */
export async function detachDevice(
  db: Db,
  user: SignedInUser,
  serialNumber: string,
  officialStoreCode: string,
) {
  const device = await deviceInScope(db, user, serialNumber);
  ensureAllowed('editStore', user, device);
  if (!device.storeId) throw conflict(`Device ${serialNumber} is attached to no store`);
  if (device.officialStoreCode !== officialStoreCode)
    throw conflict(`Device ${serialNumber} is not attached to store ${officialStoreCode}`);
  await db.transaction(async (tx) => {
    await tx.update(series).set({ storeId: null, storeCode: null }).where(eq(series.id, device.id));
    await auditSeries(tx, user, device, 'series.store', {
      from: { storeId: device.storeId, officialStoreCode: device.officialStoreCode },
      to: null,
    });
  });
  return seriesDetail(db, user, serialNumber);
}

export const STORE_DEVICE_QUERY: readonly QueryParameter[] = offsetPagingParameters(['SerialNumber']);

/** The devices attached to a store the user may see, by serial number. */
export async function storeDevices(db: Db, user: SignedInUser, id: number, raw: RawQuery) {
  const query = new ListQuery(raw, STORE_DEVICE_QUERY);
  const paging = offsetPaging(query, ['SerialNumber']);
  query.check();
  await getStore(db, user, id);
  const where = and(eq(series.storeId, id), companyScope(user, series.companyId));
  const { rows: data, total } = await offsetPage(
    db
      .select({
        serialNumber: series.serialNumber,
        deviceType: series.deviceType,
        deviceStatus: series.deviceStatus,
        description: series.description,
      })
      .from(series)
      .where(where)
      .orderBy(paging.sortOrder === 'DESC' ? sql`${series.serialNumber} desc` : series.serialNumber),
    db.select({ n: count() }).from(series).where(where),
    paging,
  );
  return { data, totalCount: total };
}
