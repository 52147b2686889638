import { z } from 'zod';
import { accessorySchema, seriesUserSchema } from './accessories.ts';
import { DEVICE_ACTIONS } from './device-actions.ts';
import { seriesCardSchema } from './series.ts';
import { storeAttachmentSchema } from './stores.ts';

export const seriesDetailSchema = seriesCardSchema.extend({
  productDescriptions: z.record(z.string(), z.string()),
  /** Only for holders of the users tab. */
  serieUsers: z.array(seriesUserSchema).optional(),
  /** Only for holders of the components tab or of the accessories list. */
  accessories: z.array(accessorySchema).optional(),
  /** Its store attachment, for the roles that attach a store (spec §6); null without a store. */
  storeAttachment: storeAttachmentSchema.nullable().optional(),
  /** Actions the signed-in user may do on this device in its present state. */
  allowedActions: z.array(z.enum(DEVICE_ACTIONS)),
});
export type SeriesDetail = z.infer<typeof seriesDetailSchema>;

export const DESCRIPTION_MAX_LENGTH = 500;

export const descriptionBodySchema = z.object({ description: z.string().trim().max(DESCRIPTION_MAX_LENGTH) });
export const earlyAccessBodySchema = z.object({ earlyAccess: z.boolean() });

/** Early access for a selection of devices (at most the selection cap, spec §5). */
export const bulkEarlyAccessBodySchema = z.object({
  serialNumbers: z
    .array(z.string().min(1).max(32))
    .min(1, 'is required')
    .max(100, 'must name at most 100 devices'),
  earlyAccess: z.boolean(),
});
export type BulkEarlyAccessBody = z.infer<typeof bulkEarlyAccessBodySchema>;

/** What became of each device of a bulk action: done, or why not, as the single action would say. */
export const bulkActionAnswerSchema = z.object({
  results: z.array(
    z.object({
      serialNumber: z.string(),
      outcome: z.enum(['done', 'refused', 'notFound']),
      message: z.string().optional(),
    }),
  ),
});
export type BulkActionAnswer = z.infer<typeof bulkActionAnswerSchema>;
export const serialNumberBodySchema = z.object({ serialNumber: z.string().min(1).max(32) });
export const activationBodySchema = z.union([
  z.object({ resetWarranty: z.literal(true) }).strict(),
  z.object({ UtcActivationDateTime: z.string().max(10), enforceNewDate: z.literal(true) }).strict(),
]);
export const associateUsersBodySchema = z.object({
  seriePN: z.string().max(10).optional(),
  from: z.string().max(5).optional(),
  userNames: z.array(z.string().trim().min(1, 'is required').max(128)).min(1, 'is required').max(20),
});
