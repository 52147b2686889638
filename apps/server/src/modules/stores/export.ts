import { and, asc, count, eq, gt, type SQL } from 'drizzle-orm';
import {
  STORE_IMPORT_COLUMNS,
  seriesFieldVisibility,
  storeImportValuesOf,
  type Store,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { companies, deviceGroups, stores } from '../../db/schema.ts';
import { companyScope } from '../../lib/scope.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { exportFilterQuery, type ExportFilters, type ListExportSource } from '../tasks/list-export.ts';
import { STORE_QUERY, storeConditions } from './service.ts';

const BATCH = 2000;
/** The list's filters; its paging and sort say nothing about which stores an export holds. */
const STORE_FILTERS = STORE_QUERY.filter((parameter) =>
  ['Search', 'StoreStatus', 'Company', 'Group'].includes(parameter.name),
);

function whereOf(user: SignedInUser, filters: ExportFilters): SQL | undefined {
  const query = exportFilterQuery(filters, STORE_FILTERS);
  const conditions = storeConditions(query);
  query.check();
  return and(companyScope(user, stores.companyId), ...conditions);
}

/**
 * The stores export (docs/company-tools.md): the import's columns in its order, so an exported file,
 * edited and imported again, updates the stores.
 */
export const storeExportSource: ListExportSource = {
  kind: 'stores-export',
  headers: STORE_IMPORT_COLUMNS,
  check: (user, filters) => void whereOf(user, filters),
  async count(db: Db, user, filters) {
    const [row] = await db.select({ n: count() }).from(stores).where(whereOf(user, filters));
    return row?.n ?? 0;
  },
  async *batches(db: Db, user, filters) {
    const where = whereOf(user, filters);
    // Addresses only for the roles that see them on screen (spec §6).
    const seesAddress = seriesFieldVisibility(user).storeAddress;
    let after = 0;
    for (;;) {
      const rows = await db
        .select({
          id: stores.id,
          officialStoreCode: stores.officialStoreCode,
          name: stores.name,
          dealerCode: stores.dealerCode,
          storeStatus: stores.storeStatus,
          storeAddress: stores.address,
          companyCode: companies.code,
          groupName: deviceGroups.name,
        })
        .from(stores)
        .leftJoin(companies, eq(companies.id, stores.companyId))
        .leftJoin(deviceGroups, eq(deviceGroups.id, stores.groupId))
        .where(and(where, gt(stores.id, after)))
        .orderBy(asc(stores.id))
        .limit(BATCH);
      if (rows.length === 0) return;
      yield rows.map((row) => {
        const values = storeImportValuesOf({
          ...row,
          storeAddress: seesAddress ? ((row.storeAddress as Store['storeAddress']) ?? null) : null,
        });
        return STORE_IMPORT_COLUMNS.map((column) => values[column]);
      });
      if (rows.length < BATCH) return;
      after = rows[rows.length - 1]!.id;
    }
  },
};
