import path from 'node:path';
import { lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  EXPORT_ROW_LIMITS,
  TASK_FILE_DAYS,
  bcp47Language,
  canUseFeature,
  longDateFormatter,
  temperatureUnitOf,
  zoneOffsetMinutes,
  type ExportRequest,
} from '@fleet/contract';
import { HttpError } from '../../../lib/errors.ts';
import { heapGuard } from '../../../lib/heap-guard.ts';
import { createMailer, type Mailer } from '../../../lib/mailer.ts';
import { translator, type Translate } from '../../../lib/translations.ts';
import { currentUser } from '../../../plugins/auth.ts';
import type { SignedInUser } from '../../../lib/signed-in-user.ts';
import type { TaskRow } from '../../tasks/repository.ts';
import { type TaskContext, type TaskHandler } from '../../tasks/worker.ts';
import { TaskFailure } from '../../../lib/task-failure.ts';
import { keepTaskFile } from '../../tasks/list-export.ts';
import { countJobs, findJobExportRows, type JobPageQuery } from '../repository.ts';
import type { Cursor } from '../../../lib/keyset.ts';
import { readJobQuery } from '../service.ts';
import { exportColumns, type ExportColumn } from './columns.ts';
import { exportFilters, storedExportSchema } from './request.ts';
import { WRITERS, pdfFont } from '../../../lib/export-writers/index.ts';

/** Rows read and written at a time: memory holds one batch, whatever the size of the export. */
const BATCH = 2000;

/** The export as the user asked it, read back from the task; a task the server cannot read fails clearly. */
function readStored(task: TaskRow) {
  const stored = storedExportSchema.safeParse(task.request);
  if (!stored.success) throw new TaskFailure('This export request can no longer be read.');
  return stored.data;
}

async function ownerOf(app: FastifyInstance, task: TaskRow): Promise<SignedInUser> {
  const user = await currentUser(app.database.db, task.userId, app.config.disabledFeatures);
  if (!user || !canUseFeature('JOBS.EXPORT', user.roles, user.disabledFeatures))
    throw new TaskFailure('You may no longer export jobs.');
  return user;
}

/** The list's query, as the list reads it now (the user's current scope), fixed to the jobs posted before the request. */
function queryOf(request: ExportRequest, user: SignedInUser, task: TaskRow): JobPageQuery {
  let query: JobPageQuery;
  try {
    query = readJobQuery(exportFilters(request), user, request.JobList, 'JobFilters');
  } catch (error) {
    if (error instanceof HttpError) throw new TaskFailure(error.message);
    throw error;
  }
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

async function writeExport(
  app: FastifyInstance,
  task: TaskRow,
  context: TaskContext,
): Promise<{ file: string; rows: number; t: Translate; user: SignedInUser; request: ExportRequest }> {
  const stored = readStored(task);
  const request = stored.export;
  const user = await ownerOf(app, task);
  const query = queryOf(request, user, task);
  const { count: total } = await countJobs(app.database.db, query.table, query.where, null);
  const limit = EXPORT_ROW_LIMITS[request.ExportType];
  if (limit !== undefined && total > limit)
    throw new TaskFailure(
      `A ${request.ExportType} export holds at most ${limit.toLocaleString('en')} jobs and these filters match ` +
        `${total.toLocaleString('en')}. Narrow the filters, or export as ${request.ExportType === 'XLSX' ? 'CSV' : 'CSV or XLSX'}.`,
    );
  await context.progress(0, total);

  // A PDF needs a font for the language's script; without one it is written in English (docs/tasks.md).
  const pdf = request.ExportType === 'PDF';
  const language = pdf && !pdfFont(bcp47Language(stored.language)).coversLanguage ? 'en' : stored.language;
  const t = await translator(language, 'jobs');
  const every = exportColumns(t, { internal: user.wholeFleet, temperatureUnit: temperatureUnitOf(request) });
  const columns: ExportColumn[] = pdf ? every.filter((column) => column.pdf) : every;
  const locale = bcp47Language(language);
  const formatDate = longDateFormatter({ locale, timeZone: stored.timeZone });
  const file = path.join(context.workDir, task.fileName);
  const writer = await WRITERS[request.ExportType]({
    file,
    headers: columns.map((column) => column.header),
    formatDate,
    zoneOffsetMinutes: zoneOffsetMinutes(stored.timeZone),
    title: task.description,
    subtitle: t('export.subtitle', { rows: total, date: formatDate(task.postedAt), user: user.name }),
    language: locale,
    pdf: request.ExportSettings.ExtendedExportSettings?.ExportPdfOptions ?? null,
  });
  let rows = 0;
  const collectIfGrown = heapGuard();
  try {
    for await (const batch of batches(app, query)) {
      await writer.write(batch.map((row) => columns.map((column) => column.value(row))));
      rows += batch.length;
      collectIfGrown();
      await context.progress(rows, Math.max(total, rows));
    }
  } finally {
    await writer.end();
  }
  return { file, rows, t, user, request };
}

/** The jobs export task (docs/tasks.md): the file written, stored with an expiry, emailed when asked. */
export function jobExportHandler(app: FastifyInstance): TaskHandler {
  const mailer = createMailer(app.config.smtp);
  return async (task, context) => {
    const written = await writeExport(app, task, context);
    const outcome = await keepTaskFile(app, task, written.file, written.rows);
    if (written.request.EmailResult)
      await sendResult(app, mailer, task, written.user, written.request, written.t, outcome).catch(
        (error: unknown) => app.log.error({ err: error, task: task.id }, 'export done, but its email failed'),
      );
    return outcome;
  };
}
