import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { tokenFilterKeys, type SearchTokenDefinition } from './search-tokens.ts';
import { currencyCodeSchema } from './money.ts';

/** docs/commerce.md "Accounting": the chart of accounts, the journals, customer accounts, customs. */
export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_CODE_PATTERN = /^[0-9]{3,10}$/;
export const ACCOUNT_NAME_MAX_LENGTH = 120;

export const accountSchema = z.object({
  code: z.string(),
  name: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  /** Entries name it: it is renamed, never retyped nor removed. */
  hasEntries: z.boolean(),
  /** The console posts to it (receivables, revenue, clearing): it stays. */
  posted: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;
export const accountListAnswerSchema = z.object({ accounts: z.array(accountSchema) });

const accountNameSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(ACCOUNT_NAME_MAX_LENGTH, `must be at most ${ACCOUNT_NAME_MAX_LENGTH} characters`);

export const accountCreateBodySchema = z.strictObject({
  code: z
    .string()
    .max(10, 'must be at most 10 digits')
    .regex(ACCOUNT_CODE_PATTERN, 'must be 3 to 10 digits')
    .meta({ examples: ['4400'] }),
  name: accountNameSchema.meta({ examples: ['Training'] }),
  type: z.enum(ACCOUNT_TYPES),
});
export type AccountCreateBody = z.infer<typeof accountCreateBodySchema>;
export const accountUpdateBodySchema = z.strictObject({
  name: accountNameSchema.meta({ examples: ['Training courses'] }),
  type: z.enum(ACCOUNT_TYPES),
});
export type AccountUpdateBody = z.infer<typeof accountUpdateBodySchema>;

export const JOURNALS = ['sales', 'payments'] as const;
export type Journal = (typeof JOURNALS)[number];

export const journalLineSchema = z.object({
  accountCode: z.string(),
  accountName: z.string(),
  debitMinor: z.number().int(),
  creditMinor: z.number().int(),
});
export const journalEntrySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  at: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  orderId: z.number().int().nullable(),
  orderNumber: z.string().nullable(),
  description: z.string(),
  currency: z.string(),
  amountMinor: z.number().int(),
  lines: z.array(journalLineSchema),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;
/** A page of a journal with, per currency, the total of every entry the filters keep (not only the page's). */
export const journalAnswerSchema = z.object({
  entries: z.array(journalEntrySchema),
  totalCount: z.number().int(),
  totals: z.array(z.object({ currency: z.string(), amountMinor: z.number().int() })),
});
export type JournalAnswer = z.infer<typeof journalAnswerSchema>;

const periodToken: SearchTokenDefinition = {
  type: 'At',
  label: 'accounting.filters.at',
  kind: 'date',
  unique: true,
  operators: ['equal', 'since', 'before', 'range'],
  order: 2,
};

export const JOURNAL_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Search', label: 'accounting.filters.search', kind: 'text', unique: true, order: 0 },
  { type: 'Currency', label: 'accounting.filters.currency', kind: 'text', unique: true, order: 1 },
  periodToken,
];
export const JOURNAL_LIST: ListDefinition = {
  sortColumns: ['At'],
  defaultSortOrder: 'DESC',
  filters: tokenFilterKeys(JOURNAL_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

/** A customer's account in one currency: invoiced (debits of receivables), paid (credits), the balance due. */
export const customerAccountSchema = z.object({
  company: z.object({ id: z.string(), name: z.string(), code: z.string() }),
  currency: z.string(),
  invoicedMinor: z.number().int(),
  paidMinor: z.number().int(),
  balanceMinor: z.number().int(),
  entryCount: z.number().int(),
  lastEntryAt: z.string(),
});
export type CustomerAccount = z.infer<typeof customerAccountSchema>;
export const customerAccountListAnswerSchema = z.object({
  customerAccounts: z.array(customerAccountSchema),
  totalCount: z.number().int(),
});
export const CUSTOMER_ACCOUNT_BALANCES = ['due', 'settled'] as const;
export const CUSTOMER_ACCOUNT_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Search', label: 'accounting.filters.company', kind: 'text', unique: true, order: 0 },
  { type: 'Currency', label: 'accounting.filters.currency', kind: 'text', unique: true, order: 1 },
  {
    type: 'Balance',
    label: 'accounting.filters.balance',
    kind: 'choice',
    unique: true,
    choices: CUSTOMER_ACCOUNT_BALANCES,
    order: 2,
  },
];
export const CUSTOMER_ACCOUNT_LIST: ListDefinition = {
  sortColumns: ['Balance', 'Company'],
  defaultSortOrder: 'DESC',
  filters: tokenFilterKeys(CUSTOMER_ACCOUNT_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

export const customsItemSchema = z.object({
  description: z.string(),
  serialNumber: z.string().nullable(),
  tariffCode: z.string().nullable(),
  originRegion: z.string().nullable(),
  quantity: z.number().int(),
  valueMinor: z.number().int(),
});
export const customsDeclarationSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  createdAt: z.string(),
  orderNumber: z.string(),
  companyName: z.string(),
  trackingNumber: z.string(),
  direction: z.enum(['inbound', 'return']),
  fromRegion: z.string(),
  toRegion: z.string(),
  currency: z.string(),
  totalMinor: z.number().int(),
  reason: z.string(),
  items: z.array(customsItemSchema),
});
export type CustomsDeclaration = z.infer<typeof customsDeclarationSchema>;
export const customsDeclarationListAnswerSchema = z.object({
  declarations: z.array(customsDeclarationSchema),
  totalCount: z.number().int(),
});
export const CUSTOMS_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Search', label: 'accounting.filters.search', kind: 'text', unique: true, order: 0 },
  { type: 'Region', label: 'accounting.filters.region', kind: 'text', unique: true, order: 1 },
  periodToken,
];
export const CUSTOMS_LIST: ListDefinition = {
  sortColumns: ['At'],
  defaultSortOrder: 'DESC',
  filters: tokenFilterKeys(CUSTOMS_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

/**
 * Each company's billing currency (docs/commerce.md "Currencies"), which accounting sets: the orders placed
 * after it use it, those placed before keep theirs.
 */
export const billingCurrencySchema = z.object({
  company: z.object({ id: z.string(), name: z.string(), code: z.string(), country: z.string() }),
  billingCurrency: z.string(),
  /** The currencies its orders are in so far, its billing one or not. */
  orderCurrencies: z.array(z.string()),
});
export type BillingCurrency = z.infer<typeof billingCurrencySchema>;
export const billingCurrencyListAnswerSchema = z.object({
  billingCurrencies: z.array(billingCurrencySchema),
  /** The currencies the shop sells in, which a company may be billed in. */
  currencies: z.array(z.string()),
});
export type BillingCurrencyListAnswer = z.infer<typeof billingCurrencyListAnswerSchema>;
export const billingCurrencyBodySchema = z.object({ currency: currencyCodeSchema });
export type BillingCurrencyBody = z.infer<typeof billingCurrencyBodySchema>;
