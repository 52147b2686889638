import { z } from 'zod';
import { fieldIssueSchema } from './api.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { tokenFilterKeys, type SearchTokenDefinition } from './search-tokens.ts';

/** A kept job's state: waiting for staff, made into a job, or thrown away. */
export const CORRUPTED_JOB_STATUSES = ['open', 'reprocessed', 'discarded'] as const;
export type CorruptedJobStatus = (typeof CORRUPTED_JOB_STATUSES)[number];

export const corruptedJobSchema = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  receivedAt: z.string(),
  /** Why it was refused, by field, with the rule broken where the server names one. */
  reason: z.array(fieldIssueSchema),
  payload: z.string(),
  status: z.enum(CORRUPTED_JOB_STATUSES),
  jobId: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type CorruptedJob = z.infer<typeof corruptedJobSchema>;

export const corruptedJobListAnswerSchema = z.object({
  corruptedJobs: z.array(corruptedJobSchema),
  totalCount: z.number().int(),
});

/** A fixed payload to reprocess: the job's JSON, as a device would send it (at most 64 KiB). */
export const corruptedJobReprocessSchema = z.object({
  payload: z.string().min(2, 'is required').max(65_536, 'must be at most 64 KiB'),
});

export const CORRUPTED_JOB_TOKENS: readonly SearchTokenDefinition[] = [
  {
    type: 'SerialNumber',
    label: 'corrupted_jobs.filters.serial_number',
    kind: 'text',
    unique: true,
    order: 0,
  },
  {
    type: 'Status',
    label: 'corrupted_jobs.filters.status',
    kind: 'choice',
    unique: true,
    choices: CORRUPTED_JOB_STATUSES,
    order: 1,
  },
];

export const CORRUPTED_JOB_LIST: ListDefinition = {
  sortColumns: ['ReceivedAt'],
  defaultSortOrder: 'DESC',
  filters: tokenFilterKeys(CORRUPTED_JOB_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};
