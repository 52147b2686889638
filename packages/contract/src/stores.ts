import { z } from 'zod';
import { storeAddressSchema } from './series.ts';
import { STORE_CODE_MAX_LENGTH } from './device-actions.ts';
import { MAX_ID } from './api.ts';

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

/** Attaching a device to a store: spec §3 store attachment. */
export const storeAttachmentBodySchema = z.object({ storeCode: storeCodeSchema });

/** The server's text when no store matches the code or the store is of another device group. */
export const NO_STORE_OR_GROUP_MESSAGE = 'No store found or the store does not match the device group';
