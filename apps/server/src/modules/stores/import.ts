import { and, eq, inArray } from 'drizzle-orm';
import {
  readStoreImportRow,
  storeImportReferences,
  type CheckedStoreImportRow,
  type ImportedStore,
  type Store,
  type StoreImportProblem,
  type StoreImportRow,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { companies, deviceGroups, stores } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import { UNIQUE_VIOLATION, databaseErrorOf } from '../../lib/database-errors.ts';
import { companyScope } from '../../lib/scope.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { refuseRowsWithErrors } from '../table-imports/all-or-none.ts';
import { repeatedRow } from '../table-imports/repeated-row.ts';
import { changeStore, insertStores, storeColumns, type StoreValues } from './service.ts';

/** A checked row, with what importing it writes. */
interface PlannedRow extends CheckedStoreImportRow {
  values: StoreImportRow['values'];
  current: Store | null;
  write: StoreValues | null;
}

/** What the rows name, found in one query each: companies by code, groups by name, stores by code. */
async function referencesOf(db: Db, user: SignedInUser, rows: StoreImportRow[]) {
  const named = rows.map((row) => storeImportReferences(row.values));
  const codes = [...new Set(named.map((store) => store.companyCode).filter((code) => code))] as string[];
  const groupNames = [...new Set(named.map((store) => store.groupName).filter((name) => name))] as string[];
  const storeCodes = [
    ...new Set(rows.map((row) => row.values.officialStoreCode?.trim()).filter((code) => code)),
  ] as string[];
  const [companyRows, groupRows, storeRows, own] = await Promise.all([
    codes.length
      ? db
          .select({ id: companies.id, code: companies.code })
          .from(companies)
          .where(inArray(companies.code, codes))
      : [],
    groupNames.length ? db.select().from(deviceGroups).where(inArray(deviceGroups.name, groupNames)) : [],
    storeCodes.length
      ? db
          .select(storeColumns)
          .from(stores)
          .where(and(companyScope(user, stores.companyId), inArray(stores.officialStoreCode, storeCodes)))
      : [],
    user.companyId
      ? db.select({ code: companies.code }).from(companies).where(eq(companies.id, user.companyId))
      : [],
  ]);
  return {
    companyIds: new Map(companyRows.map((row) => [row.code, row.id])),
    groupIds: new Map(groupRows.map((row) => [row.name, row.id])),
    stores: storeRows.map((row) => ({
      ...row,
      storeAddress: (row.storeAddress as Store['storeAddress']) ?? null,
    })),
    ownCode: own[0]?.code ?? null,
  };
}

type References = Awaited<ReturnType<typeof referencesOf>>;

/** The company a row's store belongs to: by its code for internal staff, the user's own for a customer. */
function companyOf(
  store: Pick<ImportedStore, 'companyCode'>,
  user: SignedInUser,
  references: References,
  errors: StoreImportProblem[],
): string | null {
  if (!user.wholeFleet) {
    if (store.companyCode && store.companyCode !== references.ownCode)
      errors.push({
        column: 'company',
        message: `must be your company's code (${references.ownCode ?? 'none'})`,
        rule: { kind: 'own_company' },
      });
    return user.companyId;
  }
  if (!store.companyCode) return null;
  const id = references.companyIds.get(store.companyCode);
  if (!id)
    errors.push({ column: 'company', message: 'is not a known company code', rule: { kind: 'unknown' } });
  return id ?? null;
}

/** Fields an import has no column for are kept from the store's address (copies, provider text). */
function addressOf(store: ImportedStore, current: Store | null): Store['storeAddress'] | undefined {
  if (store.storeAddress === undefined) return current ? undefined : null;
  const kept = current?.storeAddress;
  if (!kept) return store.storeAddress;
  const { ccList, providerFormattedAddress, subLocality } = kept;
  const extra = { ccList, providerFormattedAddress, subLocality };
  const present = Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined));
  return Object.keys(present).length ? { ...present, ...store.storeAddress } : store.storeAddress;
}

/**
 * Checks rows of a stores file as the import would write them (docs/company-tools.md): each row by the
 * store body's rules, its company and group found, its code once in the file; a store of the same
 * company and code is updated, otherwise one is created. Nothing is written.
 */
async function planImport(db: Db, user: SignedInUser, rows: StoreImportRow[]): Promise<PlannedRow[]> {
  const read = rows.map((row) => readStoreImportRow(row.values));
  const references = await referencesOf(db, user, rows);
  const seen = new Map<string, number>();
  return rows.map((row, index) => {
    const { store, errors } = read[index]!;
    const planned = { ...row, action: null, storeId: null, errors, current: null, write: null };
    // Company and group are checked even when other cells are wrong: the preview shows every problem at once.
    const named = storeImportReferences(row.values);
    const companyId = companyOf(named, user, references, errors);
    const groupId = named.groupName ? references.groupIds.get(named.groupName) : null;
    if (groupId === undefined)
      errors.push({ column: 'group', message: 'is not a known device group', rule: { kind: 'unknown' } });
    if (!store) return planned;
    const key = `${companyId ?? ''}\n${store.officialStoreCode}`;
    errors.push(...repeatedRow(seen, key, row.line, 'officialStoreCode', 'code'));
    if (errors.length > 0) return planned;
    const current =
      references.stores.find(
        (candidate) =>
          candidate.officialStoreCode === store.officialStoreCode && candidate.companyId === companyId,
      ) ?? null;
    const write: StoreValues = {
      officialStoreCode: store.officialStoreCode,
      dealerCode: store.dealerCode,
      name: store.name,
      storeStatus: store.storeStatus ?? current?.storeStatus ?? 0,
      companyId,
      groupId: store.groupName === undefined ? (current?.groupId ?? null) : (groupId ?? null),
      address: addressOf(store, current),
    };
    return {
      ...planned,
      action: current ? 'update' : 'create',
      storeId: current?.id ?? null,
      current,
      write,
    };
  });
}

/** The rows as the preview shows them. */
export async function checkStoreImport(
  db: Db,
  user: SignedInUser,
  rows: StoreImportRow[],
): Promise<CheckedStoreImportRow[]> {
  const planned = await planImport(db, user, rows);
  return planned.map(({ line, values, action, storeId, errors }) => ({
    line,
    values,
    action,
    storeId,
    errors,
  }));
}

/**
 * Imports the rows, all or none: checked again (the client is not trusted), any error answers 400 with
 * every problem by row and column; otherwise one transaction writes every store with its audit entry.
 */
export async function importStores(
  db: Db,
  user: SignedInUser,
  rows: StoreImportRow[],
): Promise<{ created: number; updated: number }> {
  const planned = await planImport(db, user, rows);
  refuseRowsWithErrors(planned);
  const details = { import: true };
  const creates = planned.flatMap((row) => (row.current ? [] : [row.write!]));
  try {
    await db.transaction(async (tx) => {
      await insertStores(tx, user, creates, details);
      for (const row of planned)
        if (row.current) await changeStore(tx, user, row.current, row.write!, details);
    });
  } catch (error) {
    if (databaseErrorOf(error)?.code === UNIQUE_VIOLATION)
      throw conflict('A store of one of these codes was created meanwhile: check the file again');
    throw error;
  }
  return { created: creates.length, updated: planned.length - creates.length };
}
