import { z } from 'zod';
import { MAX_ID } from './api.ts';
import { partNumberSchema } from './serial-numbers.ts';

export const FACTORY_BATCH_MAX = 500;

/** A batch of newly built devices to register (docs/company-tools.md). */
export const factoryBatchBodySchema = z.object({
  partNumber: partNumberSchema,
  count: z
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(FACTORY_BATCH_MAX, `must be at most ${FACTORY_BATCH_MAX}`),
  deviceType: z.string().trim().min(1, 'is required').max(32, 'must be at most 32 characters'),
  softwareVersion: z.string().trim().max(32, 'must be at most 32 characters').optional(),
  databaseVersion: z.string().trim().max(32, 'must be at most 32 characters').optional(),
  companyId: z.uuid().nullable().optional(),
  groupId: z.number().int().min(1).max(MAX_ID).nullable().optional(),
});
export type FactoryBatchBody = z.infer<typeof factoryBatchBodySchema>;

export const factoryBatchSchema = z.object({
  id: z.number().int(),
  partNumber: z.string(),
  deviceType: z.string(),
  serialNumbers: z.array(z.string()),
  softwareVersion: z.string().nullable(),
  databaseVersion: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type FactoryBatch = z.infer<typeof factoryBatchSchema>;
export const factoryBatchListAnswerSchema = z.object({ batches: z.array(factoryBatchSchema) });

/** A new batch with each device's private key: in this answer only, shown once on the batch sheet. */
export const factoryBatchCreatedSchema = factoryBatchSchema.extend({
  devices: z.array(z.object({ serialNumber: z.string(), privateKey: z.string() })),
});
export type FactoryBatchCreated = z.infer<typeof factoryBatchCreatedSchema>;
