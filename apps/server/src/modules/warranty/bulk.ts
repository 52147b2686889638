import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  LIST_EXPORT_TYPES,
  WARRANTY_BULK_MAX_BYTES,
  WARRANTY_BULK_MAX_ROWS,
  WARRANTY_BULK_RESULT_COLUMNS,
  exportFileName,
  fieldRuleOf,
  listExportRequestSchema,
  warrantyBulkColumnOf,
} from '@fleet/contract';
import { invalid } from '../../lib/errors.ts';
import type { Cell } from '../../lib/export-writers/writer.ts';
import { readTableFile, receiveTableFile } from '../../lib/table-file.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { ownedTask, writeTaskFile } from '../tasks/task-file.ts';
import type { TaskHandler } from '../tasks/worker.ts';
import { decodeWarranty } from './service.ts';

const BATCH = 200;

const codeRowSchema = z.object({
  warrantycode: z.string().max(64).optional(),
  ro: z.string().max(64).optional(),
  bac: z.string().max(64).optional(),
  vin: z.string().max(64).optional(),
});
type CodeRow = z.infer<typeof codeRowSchema>;

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
      rule: fieldRuleOf(issue),
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
  return ownedTask(app, {
    request: storedBulkSchema,
    refused: 'You may no longer decode warranty codes.',
    run: (running) =>
      writeTaskFile(app, running, {
        type: running.request.type,
        headers: [...WARRANTY_BULK_RESULT_COLUMNS],
        language: running.request.language,
        timeZone: running.request.timeZone,
        total: running.request.rows.length,
        batches: decodedBatches(app, running.user, running.request.rows),
      }),
  });
}

const flag = (value: boolean | null) => (value === null ? null : value ? 'yes' : 'no');

async function* decodedBatches(app: FastifyInstance, user: SignedInUser, rows: readonly CodeRow[]) {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch: Cell[][] = [];
    for (const row of rows.slice(start, start + BATCH)) {
      const answer = await decodeWarranty(app.database.db, user, row.warrantycode ?? '', row);
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
    yield batch;
  }
}
