import { and, asc, count, eq, gt, type SQL } from 'drizzle-orm';
import { formatMinorUnits, type Journal, type TaskKind } from '@fleet/contract';
import type { Db } from '../../../db/client.ts';
import {
  companies,
  currencies,
  customsDeclarations,
  journalEntries,
  orders,
  packages,
} from '../../../db/schema.ts';
import type { Cell } from '../../../lib/export-writers/writer.ts';
import { exportFilterQuery, type ExportFilters, type ListExportSource } from '../../tasks/list-export.ts';
import {
  CUSTOMER_ACCOUNT_FILTERS,
  CUSTOMS_FILTERS,
  JOURNAL_FILTERS,
  customerAccountOf,
  customerAccountConditions,
  customerAccountsSelect,
  customsConditions,
  customsDeclarationOf,
  customsRows,
  journalConditions,
  journalRows,
  linesOf,
} from './service.ts';

const BATCH = 1000;

/** Amounts in files are decimals of the major unit ("12.50"), exact from the minor units. */
async function amountWriter(db: Db) {
  const rows = await db.select({ code: currencies.code, minorUnits: currencies.minorUnits }).from(currencies);
  const units = new Map(rows.map((row) => [row.code, row.minorUnits]));
  return (amountMinor: number, currency: string): number =>
    Number(formatMinorUnits(amountMinor, units.get(currency) ?? 2));
}

function journalWhere(journal: Journal, filters: ExportFilters): SQL | undefined {
  const query = exportFilterQuery(filters, JOURNAL_FILTERS);
  const where = journalConditions(journal, query);
  query.check();
  return where;
}

/** A journal's export: a row per line of each entry, in the order entries were posted. */
function journalExportSource(journal: Journal, kind: TaskKind): ListExportSource {
  return {
    kind,
    headers: [
      'entry',
      'at',
      'company',
      'order',
      'description',
      'currency',
      'account',
      'accountName',
      'debit',
      'credit',
    ],
    check: (_user, filters) => void journalWhere(journal, filters),
    async count(db: Db, _user, filters) {
      const [row] = await db
        .select({ n: count() })
        .from(journalEntries)
        .innerJoin(companies, eq(companies.id, journalEntries.companyId))
        .leftJoin(orders, eq(orders.id, journalEntries.orderId))
        .where(journalWhere(journal, filters));
      return row?.n ?? 0;
    },
    async *batches(db: Db, _user, filters) {
      const where = journalWhere(journal, filters);
      const amount = await amountWriter(db);
      let after = 0;
      for (;;) {
        const entries = await journalRows(db)
          .where(and(where, gt(journalEntries.id, after)))
          .orderBy(asc(journalEntries.id))
          .limit(BATCH);
        if (entries.length === 0) return;
        const lines = await linesOf(
          db,
          entries.map((entry) => entry.id),
        );
        yield entries.flatMap((entry) =>
          (lines.get(entry.id) ?? []).map((line): Cell[] => [
            entry.number,
            entry.at,
            entry.companyName,
            entry.orderNumber,
            entry.description,
            entry.currency,
            line.accountCode,
            line.accountName,
            amount(line.debitMinor, entry.currency),
            amount(line.creditMinor, entry.currency),
          ]),
        );
        if (entries.length < BATCH) return;
        after = entries[entries.length - 1]!.id;
      }
    },
  };
}

export const salesJournalExportSource = journalExportSource('sales', 'sales-journal-export');
export const paymentsJournalExportSource = journalExportSource('payments', 'payments-journal-export');

function customerAccountsWhere(filters: ExportFilters) {
  const query = exportFilterQuery(filters, CUSTOMER_ACCOUNT_FILTERS);
  const conditions = customerAccountConditions(query);
  query.check();
  return conditions;
}

export const customerAccountsExportSource: ListExportSource = {
  kind: 'customer-accounts-export',
  headers: ['company', 'companyCode', 'currency', 'invoiced', 'paid', 'balance', 'entries', 'lastEntryAt'],
  check: (_user, filters) => void customerAccountsWhere(filters),
  async count(db: Db, _user, filters) {
    const grouped = customerAccountsSelect(db, customerAccountsWhere(filters)).as('grouped');
    const [row] = await db.select({ n: count() }).from(grouped);
    return row?.n ?? 0;
  },
  async *batches(db: Db, _user, filters) {
    const conditions = customerAccountsWhere(filters);
    const amount = await amountWriter(db);
    for (let offset = 0; ; offset += BATCH) {
      const rows = await customerAccountsSelect(db, conditions)
        .orderBy(asc(companies.name), asc(journalEntries.currency))
        .limit(BATCH)
        .offset(offset);
      yield rows
        .map(customerAccountOf)
        .map((account): Cell[] => [
          account.company.name,
          account.company.code,
          account.currency,
          amount(account.invoicedMinor, account.currency),
          amount(account.paidMinor, account.currency),
          amount(account.balanceMinor, account.currency),
          account.entryCount,
          new Date(account.lastEntryAt),
        ]);
      if (rows.length < BATCH) return;
    }
  },
};

function customsWhere(filters: ExportFilters): SQL | undefined {
  const query = exportFilterQuery(filters, CUSTOMS_FILTERS);
  const where = customsConditions(query);
  query.check();
  return where;
}

/** Customs declarations: a row per declared item, with its declaration's particulars. */
export const customsDeclarationsExportSource: ListExportSource = {
  kind: 'customs-declarations-export',
  headers: [
    'declaration',
    'createdAt',
    'order',
    'company',
    'trackingNumber',
    'from',
    'to',
    'reason',
    'currency',
    'total',
    'item',
    'serialNumber',
    'tariffCode',
    'origin',
    'quantity',
    'value',
  ],
  check: (_user, filters) => void customsWhere(filters),
  async count(db: Db, _user, filters) {
    const [row] = await db
      .select({ n: count() })
      .from(customsDeclarations)
      .innerJoin(packages, eq(packages.id, customsDeclarations.packageId))
      .innerJoin(orders, eq(orders.id, packages.orderId))
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .where(customsWhere(filters));
    return row?.n ?? 0;
  },
  async *batches(db: Db, _user, filters) {
    const where = customsWhere(filters);
    const amount = await amountWriter(db);
    let after = 0;
    for (;;) {
      const rows = await customsRows(db)
        .where(and(where, gt(customsDeclarations.id, after)))
        .orderBy(asc(customsDeclarations.id))
        .limit(BATCH);
      if (rows.length === 0) return;
      yield rows
        .map(customsDeclarationOf)
        .flatMap((declaration) =>
          declaration.items.map((item): Cell[] => [
            declaration.number,
            new Date(declaration.createdAt),
            declaration.orderNumber,
            declaration.companyName,
            declaration.trackingNumber,
            declaration.fromRegion,
            declaration.toRegion,
            declaration.reason,
            declaration.currency,
            amount(declaration.totalMinor, declaration.currency),
            item.description,
            item.serialNumber,
            item.tariffCode,
            item.originRegion,
            item.quantity,
            amount(item.valueMinor, declaration.currency),
          ]),
        );
      if (rows.length < BATCH) return;
      after = rows[rows.length - 1]!.declaration.id;
    }
  },
};
