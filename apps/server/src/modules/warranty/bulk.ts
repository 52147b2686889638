import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  LIST_EXPORT_TYPES,
  WARRANTY_BULK_MAX_BYTES,
  WARRANTY_BULK_MAX_ROWS,
  WARRANTY_BULK_RESULT_COLUMNS,
  bcp47Language,
  canUseFeature,
  exportFileName,
  listExportRequestSchema,
  longDateFormatter,
  warrantyBulkColumnOf,
  zoneOffsetMinutes,
} from '@fleet/contract';
import { invalid } from '../../lib/errors.ts';
import { WRITERS } from '../../lib/export-writers/index.ts';
import type { Cell } from '../../lib/export-writers/writer.ts';
import { readTableFile, receiveTableFile } from '../../lib/table-file.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { keepTaskFile } from '../tasks/list-export.ts';
import { type TaskHandler } from '../tasks/worker.ts';
import { TaskFailure } from '../../lib/task-failure.ts';
import { decodeWarranty } from './service.ts';

const BATCH = 200;

const codeRowSchema = z.object({
  warrantycode: z.string().max(64).optional(),
  ro: z.string().max(64).optional(),
  bac: z.string().max(64).optional(),
  vin: z.string().max(64).optional(),
});

const storedBulkSchema = z.object({
  description: z.string(),
  type: z.enum(LIST_EXPORT_TYPES),
  language: z.string(),
  timeZone: z.string(),
  rows: z.array(codeRowSchema),
});

export const bulkDecodeFieldsSchema = listExportRequestSchema.pick({
  ExportDescription: true,
  ExportType: true,
});

/**
 * Reads a file of codes (a `warrantycode` column, and ro, bac, vin to compare) and queues their decoding
 * as a task (docs/company-tools.md); the file and its fields are checked now, 400s naming them.
 */
export async function requestBulkDecode(
  app: FastifyInstance,
  request: FastifyRequest,
  user: SignedInUser,
  locale: { language: string; timeZone: string },
): Promise<{ requestId: string }> {
  const { file, fields } = await receiveTableFile(request, WARRANTY_BULK_MAX_BYTES);
  const parsed = bulkDecodeFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => ({
      field: `body.${issue.path.join('.')}`,
      message: issue.message,
    }));
    throw invalid(details);
  }
  const { rows } = await readTableFile(file, {
    columnOf: warrantyBulkColumnOf,
    required: ['warrantycode'],
    maxRows: WARRANTY_BULK_MAX_ROWS,
    what: 'codes',
    file: 'a file of warranty codes',
    cellMax: 64,
  });
  const requestId = await app.taskQueue.enqueue({
    userId: user.id,
    kind: 'warranty-decode',
    description: parsed.data.ExportDescription,
    fileName: exportFileName(parsed.data.ExportDescription, parsed.data.ExportType, new Date()),
    request: {
      description: parsed.data.ExportDescription,
      type: parsed.data.ExportType,
      ...locale,
      rows: rows.map((row) => row.values),
    },
  });
  return { requestId };
}

/** The task: each code decoded as the decoder screen would, within the owner's scope now, into a file. */
export function bulkDecodeHandler(app: FastifyInstance): TaskHandler {
  return async (task, context) => {
    const stored = storedBulkSchema.safeParse(task.request);
    if (!stored.success) throw new TaskFailure('This decoding request can no longer be read.');
    const { rows, type, language, timeZone } = stored.data;
    const db = app.database.db;
    const user = await currentUser(db, task.userId, app.config.disabledFeatures);
    if (!user || !canUseFeature('WARRANTY.DECODEBULK', user.roles, user.disabledFeatures))
      throw new TaskFailure('You may no longer decode warranty codes.');
    await context.progress(0, rows.length);
    const file = path.join(context.workDir, task.fileName);
    const locale = bcp47Language(language);
    const writer = await WRITERS[type]({
      file,
      headers: [...WARRANTY_BULK_RESULT_COLUMNS],
      formatDate: longDateFormatter({ locale, timeZone }),
      zoneOffsetMinutes: zoneOffsetMinutes(timeZone),
      title: task.description,
      subtitle: '',
      language: locale,
      pdf: null,
    });
    const flag = (value: boolean | null) => (value === null ? null : value ? 'yes' : 'no');
    try {
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch: Cell[][] = [];
        for (const row of rows.slice(start, start + BATCH)) {
          const answer = await decodeWarranty(db, user, row.warrantycode ?? '', row);
          batch.push([
            answer.code,
            answer.valid ? 'yes' : 'no',
            answer.problem,
            answer.day,
            answer.claim,
            answer.device?.serialNumber ?? null,
            answer.device?.deviceType ?? null,
            answer.job?.id ?? null,
            answer.job ? new Date(answer.job.beginDate) : null,
            flag(answer.deviceMatches),
            row.ro ?? null,
            flag(answer.matches.ro),
            row.bac ?? null,
            flag(answer.matches.bac),
            row.vin ?? null,
            flag(answer.matches.vin),
          ]);
        }
        await writer.write(batch);
        await context.progress(Math.min(start + BATCH, rows.length), rows.length);
      }
    } finally {
      await writer.end();
    }
    return keepTaskFile(app, task, file, rows.length);
  };
}
