import { and, asc, count, desc, eq, gte, inArray, lt, max, or, sql, sum, type SQL } from 'drizzle-orm';
import {
  type Account,
  type AccountCreateBody,
  type AccountUpdateBody,
  type CustomerAccount,
  type CustomsDeclaration,
  type Journal,
  type JournalAnswer,
} from '@fleet/contract';
import type { Db } from '../../../db/client.ts';
import {
  accounts,
  companies,
  customsDeclarations,
  journalEntries,
  journalLines,
  orders,
  packages,
} from '../../../db/schema.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { groupedBy } from '../../../lib/grouped.ts';
import {
  ListQuery,
  offsetPaging,
  offsetPagingParameters,
  type QueryParameter,
  type RawQuery,
  offsetPage,
  sortOrderOf,
} from '../../../lib/list-request.ts';
import { searchCondition } from '../../../lib/list-search.ts';
import type { SignedInUser } from '../../../lib/signed-in-user.ts';
import { recordAudit } from '../../audit/service.ts';
import { ACCOUNTS, REVENUE_ACCOUNTS } from './journal.ts';

/** Accounting (docs/commerce.md): the chart of accounts, the journals, customer accounts and customs. */

const PERIOD: readonly QueryParameter[] = [
  { name: 'From', description: 'At or after this instant (yyyy-MM-ddTHH:mm:ss.SSSZ).' },
  { name: 'To', description: 'Before this instant (yyyy-MM-ddTHH:mm:ss.SSSZ).' },
];
const CURRENCY: QueryParameter = { name: 'Currency', description: 'ISO 4217 code, such as EUR.' };

export const JOURNAL_FILTERS: readonly QueryParameter[] = [
  {
    name: 'Search',
    description: 'Text in the entry number, the description, the order number or the company name.',
  },
  CURRENCY,
  ...PERIOD,
];
export const JOURNAL_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(['At']),
  ...JOURNAL_FILTERS,
];

export const CUSTOMER_ACCOUNT_FILTERS: readonly QueryParameter[] = [
  { name: 'Search', description: "Text in the company's name or code." },
  CURRENCY,
  { name: 'Balance', description: 'due (money owed) or settled.', values: ['due', 'settled'] },
];
export const CUSTOMER_ACCOUNT_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(['Balance', 'Company']),
  ...CUSTOMER_ACCOUNT_FILTERS,
];

export const CUSTOMS_FILTERS: readonly QueryParameter[] = [
  {
    name: 'Search',
    description: 'Text in the declaration number, the tracking number, the order number or the company.',
  },
  { name: 'Region', description: 'A region (ISO 3166 alpha-2) the package leaves or enters.' },
  ...PERIOD,
];
export const CUSTOMS_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(['At']),
  ...CUSTOMS_FILTERS,
];

function currencyOf(query: ListQuery): string | undefined {
  const currency = query.one('Currency');
  if (currency === undefined) return undefined;
  if (!/^[A-Za-z]{3}$/.test(currency)) query.problem('Currency', 'must be a 3-letter ISO 4217 code');
  return currency.toUpperCase();
}

function periodOf(query: ListQuery, column: Parameters<typeof gte>[0]): SQL[] {
  const from = query.instant('From');
  const to = query.instant('To');
  if (from && to && from >= to) query.problem('From', 'must be before To');
  return [from ? gte(column, from) : undefined, to ? lt(column, to) : undefined].filter(
    (condition): condition is SQL => condition !== undefined,
  );
}

// ---- Chart of accounts ----

/** The accounts the console posts to: they stay whatever their entries. */
const POSTED = new Set<string>([...Object.values(ACCOUNTS), ...Object.values(REVENUE_ACCOUNTS)]);

export async function listAccounts(db: Db): Promise<{ accounts: Account[] }> {
  const used = db.selectDistinct({ code: journalLines.accountCode }).from(journalLines).as('used');
  const rows = await db
    .select({ code: accounts.code, name: accounts.name, type: accounts.type, used: used.code })
    .from(accounts)
    .leftJoin(used, eq(used.code, accounts.code))
    .orderBy(asc(accounts.code));
  return {
    accounts: rows.map((row) => ({
      code: row.code,
      name: row.name,
      type: row.type as Account['type'],
      hasEntries: row.used !== null,
      posted: POSTED.has(row.code),
    })),
  };
}

async function accountOf(db: Db, code: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.code, code)).for('update');
  if (!row) throw notFound(`No account ${code}`);
  return row;
}

async function hasEntries(db: Db, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: journalLines.accountCode })
    .from(journalLines)
    .where(eq(journalLines.accountCode, code))
    .limit(1);
  return row !== undefined;
}

export async function createAccount(db: Db, user: SignedInUser, body: AccountCreateBody) {
  return db.transaction(async (tx) => {
    const [created] = await tx.insert(accounts).values(body).onConflictDoNothing().returning();
    if (!created) throw conflict(`Account ${body.code} exists already`);
    await recordAudit(tx, user, {
      action: 'account.create',
      subjectType: 'account',
      subjectId: body.code,
      details: { ...body },
    });
    return { ...body, hasEntries: false, posted: false } satisfies Account;
  });
}

/** Accounts the postings name are renamed, not retyped: their balances would change meaning. */
export async function updateAccount(db: Db, user: SignedInUser, code: string, body: AccountUpdateBody) {
  return db.transaction(async (tx) => {
    const before = await accountOf(tx, code);
    const used = await hasEntries(tx, code);
    if (used && body.type !== before.type)
      throw conflict(`Account ${code} has entries: its type stays ${before.type}`);
    await tx.update(accounts).set(body).where(eq(accounts.code, code));
    await recordAudit(tx, user, {
      action: 'account.update',
      subjectType: 'account',
      subjectId: code,
      details: { from: { name: before.name, type: before.type }, to: body },
    });
    return { code, ...body, hasEntries: used, posted: POSTED.has(code) } satisfies Account;
  });
}

/** The accounts the product posts to, and any with entries, stay. */
export async function deleteAccount(db: Db, user: SignedInUser, code: string) {
  await db.transaction(async (tx) => {
    const before = await accountOf(tx, code);
    if (POSTED.has(code)) throw conflict(`Account ${code} is one the console posts to`);
    if (await hasEntries(tx, code)) throw conflict(`Account ${code} has entries`);
    await tx.delete(accounts).where(eq(accounts.code, code));
    await recordAudit(tx, user, {
      action: 'account.delete',
      subjectType: 'account',
      subjectId: code,
      details: { name: before.name, type: before.type },
    });
  });
}

// ---- Journals ----

/** The conditions of a journal's filters; problems are collected in the query. */
export function journalConditions(journal: Journal, query: ListQuery): SQL | undefined {
  const currency = currencyOf(query);
  return and(
    eq(journalEntries.journal, journal),
    searchCondition(query, [
      journalEntries.number,
      journalEntries.description,
      orders.number,
      companies.name,
    ]),
    currency ? eq(journalEntries.currency, currency) : undefined,
    ...periodOf(query, journalEntries.at),
  );
}

const entryColumns = {
  id: journalEntries.id,
  number: journalEntries.number,
  at: journalEntries.at,
  companyId: companies.id,
  companyName: companies.name,
  orderId: journalEntries.orderId,
  orderNumber: orders.number,
  description: journalEntries.description,
  currency: journalEntries.currency,
  amountMinor: journalEntries.amountMinor,
};

export const journalRows = (db: Db) =>
  db
    .select(entryColumns)
    .from(journalEntries)
    .innerJoin(companies, eq(companies.id, journalEntries.companyId))
    .leftJoin(orders, eq(orders.id, journalEntries.orderId));

/** The lines of these entries with their accounts' names, by entry. */
export async function linesOf(db: Db, entryIds: readonly number[]) {
  if (entryIds.length === 0) return new Map<number, JournalAnswer['entries'][number]['lines']>();
  const rows = await db
    .select({
      entryId: journalLines.entryId,
      accountCode: journalLines.accountCode,
      accountName: accounts.name,
      debitMinor: journalLines.debitMinor,
      creditMinor: journalLines.creditMinor,
    })
    .from(journalLines)
    .innerJoin(accounts, eq(accounts.code, journalLines.accountCode))
    .where(inArray(journalLines.entryId, [...entryIds]))
    .orderBy(asc(journalLines.id));
  return groupedBy(
    rows,
    (row) => row.entryId,
    ({ entryId: _entryId, ...line }) => ({
      ...line,
      debitMinor: Number(line.debitMinor),
      creditMinor: Number(line.creditMinor),
    }),
  );
}

export async function listJournal(db: Db, journal: Journal, raw: RawQuery): Promise<JournalAnswer> {
  const query = new ListQuery(raw, JOURNAL_QUERY);
  const paging = offsetPaging(query, ['At']);
  const where = journalConditions(journal, query);
  query.check();
  const direction = sortOrderOf(query, 'DESC') === 'ASC' ? asc : desc;
  const [rows, totals] = await Promise.all([
    journalRows(db)
      .where(where)
      .orderBy(direction(journalEntries.at), direction(journalEntries.id))
      .limit(paging.pageSize)
      .offset((paging.pageNumber - 1) * paging.pageSize),
    db
      .select({ currency: journalEntries.currency, n: count(), amount: sum(journalEntries.amountMinor) })
      .from(journalEntries)
      .innerJoin(companies, eq(companies.id, journalEntries.companyId))
      .leftJoin(orders, eq(orders.id, journalEntries.orderId))
      .where(where)
      .groupBy(journalEntries.currency)
      .orderBy(asc(journalEntries.currency)),
  ]);
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    entries: rows.map(({ companyId, companyName, ...row }) => ({
      ...row,
      at: row.at.toISOString(),
      company: { id: companyId, name: companyName },
      amountMinor: Number(row.amountMinor),
      lines: lines.get(row.id) ?? [],
    })),
    totalCount: totals.reduce((all, total) => all + total.n, 0),
    totals: totals.map((total) => ({ currency: total.currency, amountMinor: Number(total.amount ?? 0) })),
  };
}

// ---- Customer accounts ----

const invoicedSum = sql<string>`coalesce(sum(${journalLines.debitMinor}), 0)`;
const paidSum = sql<string>`coalesce(sum(${journalLines.creditMinor}), 0)`;
const owedSum = sql`${invoicedSum} - ${paidSum}`;

/** The customer accounts' filters: conditions on the postings and on each account's balance. */
export function customerAccountConditions(query: ListQuery) {
  const currency = currencyOf(query);
  const balance = query.choices('Balance', ['due', 'settled'])[0];
  return {
    where: and(
      eq(journalLines.accountCode, ACCOUNTS.receivables),
      searchCondition(query, [companies.name, companies.code]),
      currency ? eq(journalEntries.currency, currency) : undefined,
    ),
    having:
      balance === 'due' ? sql`${owedSum} <> 0` : balance === 'settled' ? sql`${owedSum} = 0` : undefined,
  };
}

/** Per company and currency, the receivables' debits (invoiced) and credits (paid). */
export function customerAccountsSelect(db: Db, conditions: ReturnType<typeof customerAccountConditions>) {
  return db
    .select({
      companyId: companies.id,
      companyName: companies.name,
      companyCode: companies.code,
      currency: journalEntries.currency,
      invoiced: invoicedSum,
      paid: paidSum,
      entryCount: count(),
      lastEntryAt: max(journalEntries.at),
    })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .innerJoin(companies, eq(companies.id, journalLines.companyId))
    .where(conditions.where)
    .groupBy(companies.id, companies.name, companies.code, journalEntries.currency)
    .having(conditions.having);
}

export function customerAccountOf(row: {
  companyId: string;
  companyName: string;
  companyCode: string;
  currency: string;
  invoiced: string;
  paid: string;
  entryCount: number;
  lastEntryAt: Date | null;
}): CustomerAccount {
  const invoicedMinor = Number(row.invoiced);
  const paidMinor = Number(row.paid);
  return {
    company: { id: row.companyId, name: row.companyName, code: row.companyCode },
    currency: row.currency,
    invoicedMinor,
    paidMinor,
    balanceMinor: invoicedMinor - paidMinor,
    entryCount: row.entryCount,
    lastEntryAt: (row.lastEntryAt ?? new Date(0)).toISOString(),
  };
}

export async function listCustomerAccounts(db: Db, raw: RawQuery) {
  const query = new ListQuery(raw, CUSTOMER_ACCOUNT_QUERY);
  const paging = offsetPaging(query, ['Balance', 'Company']);
  const conditions = customerAccountConditions(query);
  query.check();
  const select = customerAccountsSelect(db, conditions);
  // The largest balances first unless the request says otherwise; companies by name.
  const direction =
    sortOrderOf(query, paging.sortColumnName === 'Balance' ? 'DESC' : 'ASC') === 'ASC' ? asc : desc;
  const { rows, total } = await offsetPage(
    select.orderBy(
      paging.sortColumnName === 'Balance' ? direction(owedSum) : direction(companies.name),
      asc(companies.name),
      asc(journalEntries.currency),
    ),
    db.select({ n: count() }).from(customerAccountsSelect(db, conditions).as('grouped')),
    paging,
  );
  return { customerAccounts: rows.map(customerAccountOf), totalCount: total };
}

// ---- Customs declarations ----

export function customsConditions(query: ListQuery): SQL | undefined {
  const region = query.one('Region');
  if (region !== undefined && !/^[A-Za-z]{2}$/.test(region))
    query.problem('Region', 'must be a 2-letter region code (ISO 3166)');
  const code = region?.toUpperCase();
  return and(
    searchCondition(query, [
      customsDeclarations.number,
      packages.trackingNumber,
      orders.number,
      companies.name,
    ]),
    code ? or(eq(customsDeclarations.fromRegion, code), eq(customsDeclarations.toRegion, code)) : undefined,
    ...periodOf(query, customsDeclarations.createdAt),
  );
}

export const customsRows = (db: Db) =>
  db
    .select({
      declaration: customsDeclarations,
      orderNumber: orders.number,
      companyName: companies.name,
      trackingNumber: packages.trackingNumber,
      direction: packages.direction,
    })
    .from(customsDeclarations)
    .innerJoin(packages, eq(packages.id, customsDeclarations.packageId))
    .innerJoin(orders, eq(orders.id, packages.orderId))
    .innerJoin(companies, eq(companies.id, orders.companyId));

export function customsDeclarationOf(row: Awaited<ReturnType<typeof customsRows>>[number]) {
  const { declaration } = row;
  return {
    id: declaration.id,
    number: declaration.number,
    createdAt: declaration.createdAt.toISOString(),
    orderNumber: row.orderNumber,
    companyName: row.companyName,
    trackingNumber: row.trackingNumber,
    direction: row.direction as CustomsDeclaration['direction'],
    fromRegion: declaration.fromRegion,
    toRegion: declaration.toRegion,
    currency: declaration.currency,
    totalMinor: Number(declaration.totalMinor),
    reason: declaration.reason,
    items: declaration.items,
  } satisfies CustomsDeclaration;
}

export async function listCustomsDeclarations(db: Db, raw: RawQuery) {
  const query = new ListQuery(raw, CUSTOMS_QUERY);
  const paging = offsetPaging(query, ['At']);
  const where = customsConditions(query);
  query.check();
  const direction = sortOrderOf(query, 'DESC') === 'ASC' ? asc : desc;
  const { rows, total } = await offsetPage(
    customsRows(db)
      .where(where)
      .orderBy(direction(customsDeclarations.createdAt), direction(customsDeclarations.id)),
    db
      .select({ n: count() })
      .from(customsDeclarations)
      .innerJoin(packages, eq(packages.id, customsDeclarations.packageId))
      .innerJoin(orders, eq(orders.id, packages.orderId))
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .where(where),
    paging,
  );
  return { declarations: rows.map(customsDeclarationOf), totalCount: total };
}
