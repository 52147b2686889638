import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportFileName,
  listExportRequestSchema,
  normaliseUserConfiguration,
  pickLanguage,
  taskRequestAnswerSchema,
  taskStartAccess,
  type ListExportRequest,
  type TaskKind,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { ListQuery, type QueryParameter } from '../../lib/list-request.ts';
import type { Cell } from '../../lib/export-writers/writer.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { acceptedLanguages, signedInUser } from '../../lib/request.ts';
import { readConfiguration } from '../user-configuration/repository.ts';
import type { TaskHandler } from './worker.ts';
import { ownedTask, writeTaskFile } from './task-file.ts';

/** The list's filters, each once, a repeated one as a list (as a query gives them). */
export type ExportFilters = Record<string, string | string[]>;

/**
 * A list that exports through the task queue (docs/tasks.md): its filters checked as the list checks
 * them, its rows read batch after batch, so memory holds one batch whatever the size of the list.
 */
export interface ListExportSource {
  /** Its right (`taskStartAccess`) is checked when asked and again when the task runs. */
  kind: TaskKind;
  /** The file's columns, or the columns these filters ask for (a list whose export adds columns on request). */
  headers: readonly string[] | ((user: SignedInUser, filters: ExportFilters) => readonly string[]);
  /** Throws the list's own 400 for a filter it refuses. */
  check(user: SignedInUser, filters: ExportFilters): void;
  count(db: Db, user: SignedInUser, filters: ExportFilters): Promise<number>;
  batches(db: Db, user: SignedInUser, filters: ExportFilters): AsyncIterable<Cell[][]>;
}

/**
 * The list's query of an export's filters, where a 400 names `body.Filters`: a name the list does not
 * know is refused, not ignored.
 */
export function exportFilterQuery(filters: ExportFilters, known: readonly QueryParameter[]): ListQuery {
  const names = new Set(known.map((parameter) => parameter.name.toLowerCase()));
  const unknown = Object.keys(filters).filter((name) => !names.has(name.toLowerCase()));
  if (unknown.length > 0)
    throw badRequest(`Invalid body.Filters: ${unknown.join(', ')} is not a filter of this list`, [
      {
        field: `body.Filters.${unknown[0]}`,
        message: 'is not a filter of this list',
        rule: { kind: 'unknown' },
      },
    ]);
  return new ListQuery(filters, known, 'body.Filters');
}

/** The language and time zone a user's files are written in, as the jobs export reads them. */
export async function exportLocaleOf(
  db: Db,
  user: SignedInUser,
  acceptLanguages: readonly string[],
  options: { section: string; languages: readonly string[] },
) {
  const asked = pickLanguage(acceptLanguages, options.languages);
  const configuration = normaliseUserConfiguration(await readConfiguration(db, user.id), {
    section: options.section,
    availableLanguages: options.languages,
    currentLanguage: asked,
    guessedTimeZone: 'UTC',
  });
  // The language the console asks in; a call without one gets the user's saved language.
  const language = acceptLanguages.length > 0 ? asked : configuration.current_language;
  return { language, timeZone: configuration.timezone, configuration };
}

const storedListExportSchema = z.object({
  export: listExportRequestSchema,
  language: z.string(),
  timeZone: z.string(),
});

/** Checks an export request with the list's rules and queues it; the answer leaves once the task is stored. */
export async function requestListExport(
  app: FastifyInstance,
  source: ListExportSource,
  user: SignedInUser,
  request: ListExportRequest,
  locale: { language: string; timeZone: string },
): Promise<{ requestId: string }> {
  source.check(user, request.Filters);
  const requestId = await app.taskQueue.enqueue({
    userId: user.id,
    kind: source.kind,
    description: request.ExportDescription,
    fileName: exportFileName(request.ExportDescription, request.ExportType, new Date()),
    request: { export: request, ...locale },
  });
  return { requestId };
}

/** The task that writes a list's file: the owner's rights and the filters checked again, then every row. */
function listExportHandler(app: FastifyInstance, source: ListExportSource): TaskHandler {
  return ownedTask(app, {
    request: storedListExportSchema,
    refused: 'You may no longer export this list.',
    run: async (running) => {
      const { export: request, language, timeZone } = running.request;
      const db = app.database.db;
      source.check(running.user, request.Filters);
      return writeTaskFile(app, running, {
        type: request.ExportType,
        headers: [
          ...(typeof source.headers === 'function'
            ? source.headers(running.user, request.Filters)
            : source.headers),
        ],
        language,
        timeZone,
        total: await source.count(db, running.user, request.Filters),
        batches: source.batches(db, running.user, request.Filters),
      });
    },
  });
}

/**
 * `POST <path>`: exports a list's rows of these filters to a CSV or XLSX file as a task, answering at once
 * with the task's id; the task's handler is registered with it.
 */
export function listExportRoute(
  app: FastifyInstance,
  locale: { section: string; languages: readonly string[] },
  route: { path: string; operationId: string; tags: string[]; summary: string; description: string },
  source: ListExportSource,
) {
  app.taskQueue.handle(source.kind, listExportHandler(app, source));
  app.withTypeProvider<ZodTypeProvider>().post(
    route.path,
    {
      config: {
        access: taskStartAccess(source.kind),
        audit: { none: "a task of the user's own: it changes no record" },
      },
      schema: {
        operationId: route.operationId,
        tags: route.tags,
        summary: route.summary,
        description: `Answers at once with the task id (GET /api/Task follows it). ${route.description}`,
        body: listExportRequestSchema,
        response: { 202: taskRequestAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const language = acceptedLanguages(request.headers['accept-language']);
      const where = await exportLocaleOf(app.database.db, user, language, locale);
      return reply.status(202).send(await requestListExport(app, source, user, request.body, where));
    },
  );
}
