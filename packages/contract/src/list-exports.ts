import { z } from 'zod';
import { EXPORT_DESCRIPTION_MAX_LENGTH } from './job-exports.ts';
import { FILTER_VALUE_MAX_LENGTH, FILTER_VALUES_MAX } from './search-limits.ts';

/** The files a list of records (stores, the audit log) exports to: for spreadsheets and for import. */
export const LIST_EXPORT_TYPES = ['CSV', 'XLSX'] as const;
export type ListExportType = (typeof LIST_EXPORT_TYPES)[number];

const filterValue = z.string().max(FILTER_VALUE_MAX_LENGTH);

/**
 * An export of a list as a task (docs/tasks.md): the list's filters as its query gives them (paging
 * and sort left out), checked by the list's own rules when asked and again when the task runs.
 */
export const listExportRequestSchema = z.object({
  ExportDescription: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(EXPORT_DESCRIPTION_MAX_LENGTH, `must be at most ${EXPORT_DESCRIPTION_MAX_LENGTH} characters`),
  ExportType: z.enum(LIST_EXPORT_TYPES),
  Filters: z
    .record(z.string().max(40), z.union([filterValue, z.array(filterValue).max(FILTER_VALUES_MAX)]))
    .default({}),
});
export type ListExportRequest = z.infer<typeof listExportRequestSchema>;
export type ListExportRequestInput = z.input<typeof listExportRequestSchema>;
