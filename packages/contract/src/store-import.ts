import { z } from 'zod';
import { storeAddressSchema } from './series.ts';
import { storeBodySchema } from './stores.ts';
import {
  cellReader,
  cellProblem,
  importDraftBodySchema,
  importDraftIdSchema,
  importProblemSchema,
} from './table-import.ts';
import type { StoreAddress } from './store-addresses.ts';

/**
 * The columns of a stores file (docs/company-tools.md), in the order an export writes them: an exported
 * file edited and imported again updates the stores.
 */
export const STORE_IMPORT_COLUMNS = [
  'officialStoreCode',
  'name',
  'dealerCode',
  'company',
  'group',
  'status',
  'recipients',
  'organization',
  'addressLine1',
  'addressLine2',
  'locality',
  'administrativeArea',
  'postalCode',
  'sortingCode',
  'regionCode',
  'phoneNumber',
  'phoneExtension',
] as const;
export type StoreImportColumn = (typeof STORE_IMPORT_COLUMNS)[number];

const ADDRESS_COLUMNS = STORE_IMPORT_COLUMNS.slice(STORE_IMPORT_COLUMNS.indexOf('recipients'));
/** Several recipients share one cell, separated by this. */
export const RECIPIENT_SEPARATOR = '|';

export const STORE_IMPORT_MAX_ROWS = 5000;
export const STORE_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const STORE_IMPORT_CELL_MAX_LENGTH = 500;

const squeeze = (header: string) => header.toLowerCase().replace(/[\s_-]/g, '');
const BY_HEADER = new Map(STORE_IMPORT_COLUMNS.map((column) => [squeeze(column), column]));

/** The column a header names, matched without case, spaces, dashes or underscores. */
export function storeImportColumnOf(header: string): StoreImportColumn | undefined {
  return BY_HEADER.get(squeeze(header));
}

export const storeImportValuesSchema = z.partialRecord(
  z.enum(STORE_IMPORT_COLUMNS),
  z.string().max(STORE_IMPORT_CELL_MAX_LENGTH, `must be at most ${STORE_IMPORT_CELL_MAX_LENGTH} characters`),
);
export type StoreImportValues = z.infer<typeof storeImportValuesSchema>;

/** A row of the file: its line (the header is line 1) and its cells by column. */
export const storeImportRowSchema = z.object({
  line: z
    .number()
    .int()
    .min(2)
    .max(STORE_IMPORT_MAX_ROWS + 1),
  values: storeImportValuesSchema,
});
export type StoreImportRow = z.infer<typeof storeImportRowSchema>;

export const storeImportBodySchema = importDraftBodySchema(storeImportRowSchema, {
  maxRows: STORE_IMPORT_MAX_ROWS,
  what: 'stores',
});

export const storeImportProblemSchema = importProblemSchema(z.enum(STORE_IMPORT_COLUMNS));
export type StoreImportProblem = z.infer<typeof storeImportProblemSchema>;

/** A row as the server read it: what importing it would do, or what stops it. */
export const checkedStoreImportRowSchema = storeImportRowSchema.extend({
  /** Null while the row has errors. */
  action: z.enum(['create', 'update']).nullable(),
  /** The store it updates. */
  storeId: z.number().int().nullable(),
  errors: z.array(storeImportProblemSchema),
});
export type CheckedStoreImportRow = z.infer<typeof checkedStoreImportRowSchema>;

export const storeImportPreviewSchema = z.object({
  /** The file kept on the server, for the check and the import. */
  draft: importDraftIdSchema,
  /** The file's columns, in its order. */
  columns: z.array(z.enum(STORE_IMPORT_COLUMNS)),
  rows: z.array(checkedStoreImportRowSchema),
});
export type StoreImportPreview = z.infer<typeof storeImportPreviewSchema>;

export const storeImportAnswerSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
});

/** A store as a row describes it; company and group still to be found by code and name. */
export interface ImportedStore {
  officialStoreCode: string;
  name: string;
  dealerCode: string | null;
  /** Undefined when the file has no such column: the store keeps its company, or gets the user's. */
  companyCode: string | null | undefined;
  groupName: string | null | undefined;
  storeStatus: 0 | 1 | undefined;
  /** Undefined when the file has no address column: an updated store keeps its address. */
  storeAddress: StoreAddress | null | undefined;
}

const STATUS: Record<string, 0 | 1> = { active: 0, '0': 0, archived: 1, '1': 1 };

function addressOf(values: StoreImportValues): StoreAddress | null | undefined {
  if (!ADDRESS_COLUMNS.some((column) => column in values)) return undefined;
  const text = (column: StoreImportColumn) => values[column]?.trim() || undefined;
  const recipients = (values.recipients ?? '')
    .split(RECIPIENT_SEPARATOR)
    .map((recipient) => recipient.trim())
    .filter(Boolean);
  const lines = [text('addressLine1'), text('addressLine2')].filter((line) => line !== undefined);
  const address: StoreAddress = {
    ...(recipients.length ? { recipients } : {}),
    ...(lines.length ? { addressLines: lines } : {}),
  };
  for (const column of [
    'organization',
    'locality',
    'administrativeArea',
    'postalCode',
    'sortingCode',
    'phoneNumber',
    'phoneExtension',
  ] as const) {
    const value = text(column);
    if (value !== undefined) address[column] = value;
  }
  const region = text('regionCode');
  if (region !== undefined) address.regionCode = region.toUpperCase();
  return Object.keys(address).length ? address : null;
}

/** The column of an address field an error names (addressLines.1 is the second address line). */
function addressColumn(path: readonly PropertyKey[]): StoreImportColumn {
  const [field, index] = path;
  if (field === 'addressLines') return index === 1 ? 'addressLine2' : 'addressLine1';
  return (STORE_IMPORT_COLUMNS as readonly PropertyKey[]).includes(field!)
    ? (field as StoreImportColumn)
    : 'addressLine1';
}

/** The company code and group name a row names: undefined without the column, null when blank. */
export function storeImportReferences(
  values: StoreImportValues,
): Pick<ImportedStore, 'companyCode' | 'groupName'> {
  const optional = (column: 'company' | 'group') =>
    column in values ? values[column]?.trim() || null : undefined;
  return { companyCode: optional('company'), groupName: optional('group') };
}

/**
 * Reads a row into a store with the store body's own rules, each problem by its column. Company and group
 * are only read here: whether they exist is the server's to say.
 */
export function readStoreImportRow(values: StoreImportValues): {
  store: ImportedStore | null;
  errors: StoreImportProblem[];
} {
  const errors: StoreImportProblem[] = [];
  const field = cellReader(errors);
  const shape = storeBodySchema.shape;
  const officialStoreCode = field(
    'officialStoreCode',
    shape.officialStoreCode,
    values.officialStoreCode ?? '',
  );
  const name = field('name', shape.name, values.name ?? '');
  const dealer = values.dealerCode?.trim();
  const dealerCode = field('dealerCode', shape.dealerCode, dealer ? dealer : null) ?? null;
  const status = values.status?.trim().toLowerCase();
  const storeStatus = status ? STATUS[status] : undefined;
  if (status && storeStatus === undefined)
    errors.push({ column: 'status', message: 'must be active or archived', rule: { kind: 'choice' } });
  const storeAddress = addressOf(values);
  if (storeAddress) {
    const read = storeAddressSchema.safeParse(storeAddress);
    for (const issue of read.error?.issues ?? []) {
      const column = addressColumn(issue.path);
      // One message a cell: the first says what to fix.
      if (!errors.some((error) => error.column === column)) errors.push(cellProblem(column, issue));
    }
  }
  if (errors.length > 0 || officialStoreCode === undefined || name === undefined)
    return { store: null, errors };
  return {
    store: {
      officialStoreCode,
      name,
      dealerCode,
      ...storeImportReferences(values),
      storeStatus,
      storeAddress,
    },
    errors,
  };
}

/** A store as an exported row: the inverse of readStoreImportRow. */
export function storeImportValuesOf(store: {
  officialStoreCode: string;
  name: string;
  dealerCode: string | null;
  companyCode: string | null;
  groupName: string | null;
  storeStatus: number;
  storeAddress: StoreAddress | null;
}): Record<StoreImportColumn, string> {
  const address = store.storeAddress ?? {};
  return {
    officialStoreCode: store.officialStoreCode,
    name: store.name,
    dealerCode: store.dealerCode ?? '',
    company: store.companyCode ?? '',
    group: store.groupName ?? '',
    status: store.storeStatus === 1 ? 'archived' : 'active',
    recipients: (address.recipients ?? []).join(` ${RECIPIENT_SEPARATOR} `),
    organization: address.organization ?? '',
    addressLine1: address.addressLines?.[0] ?? '',
    addressLine2: address.addressLines?.slice(1).join(', ') ?? '',
    locality: address.locality ?? '',
    administrativeArea: address.administrativeArea ?? '',
    postalCode: address.postalCode ?? '',
    sortingCode: address.sortingCode ?? '',
    regionCode: address.regionCode ?? '',
    phoneNumber: address.phoneNumber ?? '',
    phoneExtension: address.phoneExtension ?? '',
  };
}
