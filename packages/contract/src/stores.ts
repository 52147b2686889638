import { z } from 'zod';
import { storeAddressSchema } from './series.ts';
import { STORE_CODE_MAX_LENGTH } from './device-actions.ts';
import { MAX_ID } from './api.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { tokenFilterKeys, type SearchTokenDefinition } from './search-tokens.ts';

export const storeSchema = z.object({
  id: z.number().int(),
  officialStoreCode: z.string(),
  dealerCode: z.string().nullable(),
  name: z.string(),
  storeStatus: z.number().int(),
  companyId: z.string().nullable(),
  groupId: z.number().int().nullable(),
  /** Only for the roles that edit or attach a store (spec §6). */
  storeAddress: storeAddressSchema.nullable().optional(),
  deviceCount: z.number().int(),
});
export type Store = z.infer<typeof storeSchema>;

export const storeListAnswerSchema = z.object({ stores: z.array(storeSchema), totalCount: z.number().int() });

export const storeCodeSchema = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(STORE_CODE_MAX_LENGTH, `must be at most ${STORE_CODE_MAX_LENGTH} characters`);

export const storeBodySchema = z.object({
  officialStoreCode: storeCodeSchema,
  dealerCode: z.string().trim().max(STORE_CODE_MAX_LENGTH).nullable().optional(),
  name: z.string().trim().min(1, 'is required').max(200),
  storeStatus: z.union([z.literal(0), z.literal(1)]).optional(),
  companyId: z.uuid().nullable().optional(),
  groupId: z.number().int().min(1).max(MAX_ID).nullable().optional(),
  storeAddress: storeAddressSchema.nullable().optional(),
});
export type StoreBody = z.infer<typeof storeBodySchema>;

/**
 * Attaching a device to a store (spec §3 store attachment): the store's code, and the dealer code the
 * device takes (absent: the device keeps its own, or takes the store's when it has none; null: none).
 */
export const storeAttachmentBodySchema = z.object({
  storeCode: storeCodeSchema,
  dealerCode: z.string().trim().max(STORE_CODE_MAX_LENGTH).nullable().optional(),
});

export type StoreAttachmentBody = z.infer<typeof storeAttachmentBodySchema>;

/**
 * A device's store attachment (spec §3): the code it was attached with, the store's official code, and
 * the store's dealer code when it differs from the device's, for the user to take (docs/company-tools.md "Dealer codes").
 */
export const storeAttachmentSchema = z.object({
  storeCode: z.string().nullable(),
  officialStoreCode: z.string(),
  dealerCodeSuggestion: z.string().nullable(),
});
export type StoreAttachment = z.infer<typeof storeAttachmentSchema>;

/** The server's text when no store matches the code or the store is of another device group. */
export const NO_STORE_OR_GROUP_MESSAGE = 'No store found or the store does not match the device group';

export const STORE_SORT_COLUMNS = ['OfficialStoreCode', 'Name', 'DeviceCount', 'Id'] as const;

/** The stores list's filters (docs/company-tools.md); company and group are for internal members. */
export const STORE_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Search', label: 'stores.filters.search', kind: 'text', unique: true, order: 0 },
  {
    type: 'StoreStatus',
    label: 'stores.filters.status',
    kind: 'choice',
    unique: true,
    choices: ['0', '1'],
    order: 1,
  },
  { type: 'Company', label: 'stores.filters.company', kind: 'choice', internalOnly: true, order: 2 },
  { type: 'Group', label: 'stores.filters.group', kind: 'choice', internalOnly: true, order: 3 },
];

/** The stores list as the URL keeps it: by code, 20 a page. */
export const STORE_LIST: ListDefinition = {
  sortColumns: STORE_SORT_COLUMNS,
  filters: tokenFilterKeys(STORE_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

/** A device attached to a store, as the store's page lists it. */
export const storeDeviceSchema = z.object({
  serialNumber: z.string(),
  deviceType: z.string(),
  deviceStatus: z.string(),
  description: z.string().nullable(),
});
export const storeDeviceListAnswerSchema = z.object({
  data: z.array(storeDeviceSchema),
  totalCount: z.number().int(),
});
