import { z } from 'zod';
import { MAX_ID } from './api.ts';
import { EXPORT_DESCRIPTION_MAX_LENGTH } from './job-exports.ts';
import { FILTER_VALUE_MAX_LENGTH, FILTER_VALUES_MAX } from './search-limits.ts';

/** The most devices one migration moves: a larger set is split by narrower filters. */
export const MIGRATION_MAX_DEVICES = 100_000;
/** How many of the devices the preview shows. */
export const MIGRATION_PREVIEW_SIZE = 20;

const filterValue = z.string().max(FILTER_VALUE_MAX_LENGTH);

/**
 * Devices to move (docs/company-tools.md): the series list's filters, and the company and/or group they
 * move to (absent: unchanged; null: none).
 */
export const migrationPreviewSchema = z
  .object({
    Filters: z.record(
      z.string().max(40),
      z.union([filterValue, z.array(filterValue).max(FILTER_VALUES_MAX)]),
    ),
    companyId: z.uuid().nullable().optional(),
    groupId: z.number().int().min(1).max(MAX_ID).nullable().optional(),
  })
  .refine((body) => body.companyId !== undefined || body.groupId !== undefined, {
    path: ['companyId'],
    message: 'name a company or a group to move the devices to',
  });
export type MigrationPreviewBody = z.infer<typeof migrationPreviewSchema>;

/** The migration itself: the count the user typed must still be the filters' count when it is asked. */
export const migrationRequestSchema = z
  .object({
    Filters: z.record(
      z.string().max(40),
      z.union([filterValue, z.array(filterValue).max(FILTER_VALUES_MAX)]),
    ),
    companyId: z.uuid().nullable().optional(),
    groupId: z.number().int().min(1).max(MAX_ID).nullable().optional(),
    confirmCount: z.number().int().min(1).max(MIGRATION_MAX_DEVICES),
    /** The devices' past jobs go to the company too, the previous owner's included (docs/jobs.md). */
    handOverJobs: z.boolean().optional(),
    ExportDescription: z
      .string()
      .trim()
      .min(1, 'is required')
      .max(EXPORT_DESCRIPTION_MAX_LENGTH, `must be at most ${EXPORT_DESCRIPTION_MAX_LENGTH} characters`),
  })
  .refine((body) => body.companyId !== undefined || body.groupId !== undefined, {
    path: ['companyId'],
    message: 'name a company or a group to move the devices to',
  })
  .refine((body) => !body.handOverJobs || Boolean(body.companyId), {
    path: ['handOverJobs'],
    message: 'needs a company to hand the jobs over to',
  });
export type MigrationRequest = z.infer<typeof migrationRequestSchema>;

export const migrationPreviewAnswerSchema = z.object({
  count: z.number().int(),
  devices: z.array(
    z.object({
      serialNumber: z.string(),
      companyId: z.string().nullable(),
      groupId: z.number().int().nullable(),
    }),
  ),
});
export type MigrationPreview = z.infer<typeof migrationPreviewAnswerSchema>;

/** A part number as the devices carry it (the first 10 characters of their serial numbers). */
export const partNumberSummarySchema = z.object({
  partNumber: z.string(),
  deviceTypes: z.array(z.string()),
  makers: z.array(z.string()),
  deviceCount: z.number().int(),
  activatedCount: z.number().int(),
  rangeCount: z.number().int(),
  /** What staff wrote about the part number (Configuration's part numbers); null when nothing. */
  description: z.string().nullable(),
});
export type PartNumberSummary = z.infer<typeof partNumberSummarySchema>;
export const PART_NUMBER_DESCRIPTION_MAX_LENGTH = 200;
/** A part number's description; empty clears it. */
export const partNumberDescriptionSchema = z
  .object({
    description: z
      .string()
      .trim()
      .max(
        PART_NUMBER_DESCRIPTION_MAX_LENGTH,
        `must be at most ${PART_NUMBER_DESCRIPTION_MAX_LENGTH} characters`,
      ),
  })
  .strict();
export const partNumberListAnswerSchema = z.object({
  partNumbers: z.array(partNumberSummarySchema),
  totalCount: z.number().int(),
});
