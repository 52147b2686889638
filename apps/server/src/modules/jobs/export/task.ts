import { lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  EXPORT_ROW_LIMITS,
  TASK_FILE_DAYS,
  bcp47Language,
  longDateFormatter,
  temperatureUnitOf,
  type ExportRequest,
} from '@fleet/contract';
import { createMailer, type Mailer } from '../../../lib/mailer.ts';
import { translator, type Translate } from '../../../lib/translations.ts';
import type { SignedInUser } from '../../../lib/signed-in-user.ts';
import type { TaskRow } from '../../tasks/repository.ts';
import type { TaskHandler } from '../../tasks/worker.ts';
import { TaskFailure } from '../../../lib/task-failure.ts';
import { ownedTask, writeTaskFile, type RunningTask } from '../../tasks/task-file.ts';
import { countJobs, findJobExportRows, type JobPageQuery } from '../repository.ts';
import type { Cursor } from '../../../lib/keyset.ts';
import { readJobQuery } from '../service.ts';
import { exportColumns, type ExportColumn } from './columns.ts';
import { exportFilters, storedExportSchema } from './request.ts';
import { pdfFont } from '../../../lib/export-writers/index.ts';

/** Rows read and written at a time: memory holds one batch, whatever the size of the export. */
const BATCH = 2000;

/** The list's query, as the list reads it now (the user's current scope), fixed to the jobs posted before the request. */
function queryOf(request: ExportRequest, user: SignedInUser, task: TaskRow): JobPageQuery {
  const query = readJobQuery(exportFilters(request), user, request.JobList, 'JobFilters');
  return { ...query, where: [...query.where, lte(query.table.postedDate, task.postedAt)], pageSize: BATCH };
}

/**
 * Every matching job, batch after batch by keyset in the list's order; the next batch is asked for while
 * the current one is written, so the database and the writer work at the same time.
 */
async function* batches(app: FastifyInstance, query: JobPageQuery) {
  const read = (cursor: Cursor) => findJobExportRows(app.database.db, { ...query, cursor });
  let next = read({ at: 'first' });
  try {
    for (;;) {
      const rows = await next;
      const page = rows.slice(0, BATCH);
      const more = rows.length > BATCH;
      if (more) {
        const last = page[page.length - 1]!;
        next = read({ at: 'after', key: last.sort_key, id: last.id });
      }
      if (page.length > 0) yield page;
      if (!more) return;
    }
  } finally {
    // Stopped early (a failure, a stop): the batch asked for in advance is not waited for.
    next.catch(() => undefined);
  }
}

async function sendResult(
  app: FastifyInstance,
  mailer: Mailer | null,
  task: TaskRow,
  user: SignedInUser,
  request: ExportRequest,
  t: Translate,
  file: { mediaKey: string; size: number; rows: number },
) {
  if (!mailer) {
    app.log.warn({ task: task.id }, 'export asked to be emailed, but email is off (no SMTP_URL)');
    return;
  }
  const to = user.email ? [user.email] : [];
  if (to.length === 0 && request.ccRecipients.length === 0) return;
  const values = { description: task.description, rows: file.rows, days: TASK_FILE_DAYS };
  const attach = file.size <= mailer.attachmentLimit;
  let text: string;
  if (attach) text = t('export.email.attached', values);
  else {
    const link = app.media.link(file.mediaKey, TASK_FILE_DAYS * 86_400);
    text = t('export.email.linked', {
      ...values,
      link: link.startsWith('/') ? `${app.config.publicUrl}${link}` : link,
    });
  }
  await mailer.send({
    to,
    cc: request.ccRecipients,
    subject: t('export.email.subject', values),
    text,
    ...(attach
      ? { attachment: { filename: task.fileName, content: await app.media.get(file.mediaKey) } }
      : {}),
  });
}

type StoredExport = z.infer<typeof storedExportSchema>;

/** The file of every matching job, in the columns the user's language and rights give. */
async function writeExport(
  app: FastifyInstance,
  running: RunningTask<StoredExport>,
  words: { t: Translate; language: string },
) {
  const { t, language } = words;
  const { task, user, request: stored } = running;
  const request = stored.export;
  const query = queryOf(request, user, task);
  const { count: total } = await countJobs(app.database.db, query.table, query.where, null);
  const limit = EXPORT_ROW_LIMITS[request.ExportType];
  if (limit !== undefined && total > limit)
    throw new TaskFailure(
      `A ${request.ExportType} export holds at most ${limit.toLocaleString('en')} jobs and these filters match ` +
        `${total.toLocaleString('en')}. Narrow the filters, or export as ${request.ExportType === 'XLSX' ? 'CSV' : 'CSV or XLSX'}.`,
    );
  const pdf = request.ExportType === 'PDF';
  const every = exportColumns(t, { internal: user.wholeFleet, temperatureUnit: temperatureUnitOf(request) });
  const columns: ExportColumn[] = pdf ? every.filter((column) => column.pdf) : every;
  const formatDate = longDateFormatter({ locale: bcp47Language(language), timeZone: stored.timeZone });
  return writeTaskFile(app, running, {
    type: request.ExportType,
    headers: columns.map((column) => column.header),
    language,
    timeZone: stored.timeZone,
    total,
    batches: rowsOf(app, query, columns),
    subtitle: t('export.subtitle', { rows: total, date: formatDate(task.postedAt), user: user.name }),
    pdf: request.ExportSettings.ExtendedExportSettings?.ExportPdfOptions ?? null,
  });
}

async function* rowsOf(app: FastifyInstance, query: JobPageQuery, columns: ExportColumn[]) {
  for await (const batch of batches(app, query))
    yield batch.map((row) => columns.map((column) => column.value(row)));
}

/** The jobs export task (docs/tasks.md): the file written, stored with an expiry, emailed when asked. */
export function jobExportHandler(app: FastifyInstance): TaskHandler {
  const mailer = createMailer(app.config.smtp);
  return ownedTask(app, {
    request: storedExportSchema,
    refused: 'You may no longer export jobs.',
    run: async (running) => {
      const { export: request, language: asked } = running.request;
      // A PDF needs a font for the language's script; without one it is written in English (docs/tasks.md).
      const pdf = request.ExportType === 'PDF';
      const language = pdf && !pdfFont(bcp47Language(asked)).coversLanguage ? 'en' : asked;
      const t = await translator(language, 'jobs');
      const outcome = await writeExport(app, running, { t, language });
      if (request.EmailResult)
        await sendResult(app, mailer, running.task, running.user, request, t, outcome).catch(
          (error: unknown) =>
            app.log.error({ err: error, task: running.task.id }, 'export done, but its email failed'),
        );
      return outcome;
    },
  });
}
