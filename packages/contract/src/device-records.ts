import { z } from 'zod';
import { CERTIFICATE_STATUSES } from './certificates.ts';
import type { RoleCode } from './roles.ts';
import { UPDATE_ENTRY_STATES } from './versions.ts';

export const connectionEntrySchema = z.object({
  serialNumber: z.string(),
  connectionDate: z.string(),
  username: z.string(),
});
export const connectionHistoryAnswerSchema = z.object({
  data: z.array(connectionEntrySchema),
  totalCount: z.number().int(),
});
export const CONNECTION_PAGE_SIZE = 20;

export const updateEntrySchema = z.object({
  serialNumber: z.string(),
  subject: z.string(),
  updateDate: z.string(),
  fromVersion: z.string().nullable(),
  toVersion: z.string(),
  details: z.string().nullable(),
  username: z.string().nullable(),
  /** Running until the device reports it succeeded or failed (docs/versions.md). */
  state: z.enum(UPDATE_ENTRY_STATES),
  /** The last progress a running update reported. */
  percent: z.number().int().nullable(),
  /** The rollout that sent it; null when the device took it otherwise (early access, by hand). */
  rolloutId: z.number().int().nullable(),
});
export type UpdateEntry = z.infer<typeof updateEntrySchema>;
export const UPDATE_SORT_COLUMNS = ['UpdateDate', 'Subject', 'ToVersion'] as const;
export const updateHistoryRequestSchema = z.object({
  serialNumbers: z.array(z.string().min(1).max(32)).min(1, 'is required').max(100),
  pageSize: z.number().int().min(1).max(100).default(20),
  pageNumber: z.number().int().min(1).max(2_147_483_647).default(1),
  sortColumnName: z.string().max(32).optional(),
  sortOrder: z.string().max(8).optional(),
});
export const updateHistoryAnswerSchema = z.object({
  updateHistory: z.array(updateEntrySchema),
  totalCount: z.number().int(),
});
/** `POST /Updates/DevicesLastUpdate`: the last update of each device asked for. */
export const devicesLastUpdateRequestSchema = z.object({
  serialNumbers: z.array(z.string().min(1).max(32)).min(1, 'is required').max(100),
});
export const devicesLastUpdateAnswerSchema = z.array(
  z.object({ serialNumber: z.string(), lastUpdate: updateEntrySchema.nullable() }),
);

export const COMPONENT_STATUSES = ['ok', 'worn', 'faulty', 'replaced'] as const;
export const componentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  partNumber: z.string().nullable(),
  serialNumber: z.string().nullable(),
  version: z.string().nullable(),
  status: z.enum(COMPONENT_STATUSES),
  addedAt: z.string(),
});
export type Component = z.infer<typeof componentSchema>;
export const componentBodySchema = z.object({
  name: z.string().trim().min(1, 'is required').max(128),
  partNumber: z.string().trim().max(32).nullable().optional(),
  serialNumber: z.string().trim().max(64).nullable().optional(),
  version: z.string().trim().max(32).nullable().optional(),
  status: z.enum(COMPONENT_STATUSES).default('ok'),
});
export const componentStatusBodySchema = z.object({ status: z.enum(COMPONENT_STATUSES) });

/** Spec §6: who adds components, and who sees the actions column. */
export const ADD_COMPONENT_ROLES: readonly RoleCode[] = [
  'old-super-user',
  'old-administrator',
  'support-manager',
  'administrator',
];
export const COMPONENT_ACTION_ROLES: readonly RoleCode[] = [
  'old-administrator',
  'old-super-user',
  'administrator',
  'support-manager',
  'support-user',
];

export const locationSchema = z.object({
  reportedAt: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  accuracyMeters: z.number().int().nullable(),
});
export const locationBodySchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  accuracyMeters: z.number().int().min(0).max(100_000).nullable().optional(),
});

export const deviceConfigurationSchema = z
  .object({ reportedAt: z.string(), content: z.record(z.string(), z.unknown()) })
  .nullable();

export const certificateEntrySchema = z.object({
  number: z.string(),
  calibrationDate: z.string(),
  endOfValidityDate: z.string(),
  checkPassed: z.boolean().nullable(),
  status: z.enum(CERTIFICATE_STATUSES),
});
