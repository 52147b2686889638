import {
  JOB_LIST_FEATURES,
  canUseFeature,
  exportFileName,
  exportRequestSchema,
  pdfOptionsOf,
  type ExportRequest,
} from '@fleet/contract';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { badRequest, forbidden } from '../../../lib/errors.ts';
import { ListQuery } from '../../../lib/list-request.ts';
import type { SignedInUser } from '../../../lib/signed-in-user.ts';
import type { TaskQueue } from '../../tasks/task-queue.ts';
import { exportLocaleOf } from '../../tasks/list-export.ts';
import { JOB_FILTER_PARAMETERS } from '../filters.ts';
import { readJobQuery } from '../service.ts';

/** What a jobs export task keeps: the request, and the words and time zone its file is written in. */
export const storedExportSchema = z.object({
  export: exportRequestSchema,
  language: z.string(),
  timeZone: z.string(),
});
export type StoredExport = z.infer<typeof storedExportSchema>;

/** Paging says where a list page starts: an export covers every page. */
const PAGING = new Set(['pagesize', 'pagenumber', 'cursor']);

export interface ExportContext {
  db: Db;
  queue: TaskQueue;
  /** The configuration's section (the product variant) and the languages it offers. */
  section: string;
  languages: readonly string[];
}

/** The list's filters of an export, paging left out; a 400 naming the filter as the list would. */
export function exportFilters(request: ExportRequest): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(request.JobFilters).filter(([name]) => !PAGING.has(name.toLowerCase())),
  );
}

/**
 * Checks an export request whole (its filters by the list's own rules) and queues it: the answer
 * leaves once the task is stored.
 */
export async function requestJobExport(
  context: ExportContext,
  user: SignedInUser,
  request: ExportRequest,
  acceptLanguages: readonly string[],
): Promise<{ requestId: string }> {
  const feature = JOB_LIST_FEATURES[request.JobList];
  if (!canUseFeature(feature, user.roles, user.disabledFeatures))
    throw forbidden(`This needs the ${feature} feature`);
  const filters = exportFilters(request);
  if (new ListQuery(filters, JOB_FILTER_PARAMETERS).names().length === 0)
    throw badRequest('Invalid body.JobFilters: must name at least one filter of the list', [
      {
        field: 'body.JobFilters',
        message: 'must name at least one filter of the list',
        rule: { kind: 'required' },
      },
    ]);
  readJobQuery(filters, user, request.JobList, 'body.JobFilters');

  const { language, timeZone, configuration } = await exportLocaleOf(
    context.db,
    user,
    acceptLanguages,
    context,
  );
  const settled: ExportRequest =
    request.ExportType === 'PDF' && !request.ExportSettings.ExtendedExportSettings
      ? {
          ...request,
          ExportSettings: {
            ...request.ExportSettings,
            ExtendedExportSettings: { ExportPdfOptions: pdfOptionsOf(configuration.print_settings) },
          },
        }
      : request;
  const stored: StoredExport = { export: settled, language, timeZone };
  const requestId = await context.queue.enqueue({
    userId: user.id,
    kind: 'jobs-export',
    description: request.ExportDescription,
    fileName: exportFileName(request.ExportDescription, request.ExportType, new Date()),
    request: stored,
  });
  return { requestId };
}
