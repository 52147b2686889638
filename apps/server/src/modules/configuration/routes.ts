import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FEATURE_CATALOGUE,
  migrationPreviewAnswerSchema,
  migrationPreviewSchema,
  migrationRequestSchema,
  partNumberListAnswerSchema,
  taskRequestAnswerSchema,
} from '@fleet/contract';
import { z } from 'zod';
import { listPartNumbers } from './part-numbers.ts';
import { acceptedLanguages, signedInUser } from '../../lib/request.ts';
import { exportLocaleOf } from '../tasks/list-export.ts';
import { migrationHandler, previewMigration, requestMigration } from './migration.ts';

const tags = ['configuration'];
/** A migration is a task: only those who have a task list to follow it may ask for one. */
const TASK_ROLES = FEATURE_CATALOGUE.get('TASKS')!.roles;

/** Configuration (docs/company-tools.md): the migration of devices to another company or group. */
export async function configurationRoutes(
  app: FastifyInstance,
  options: { section: string; languages: readonly string[] },
) {
  app.taskQueue.handle('series-migration', migrationHandler(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const aliveSince = () => new Date(Date.now() - app.config.heartbeatAliveSeconds * 1000);
  routes.get(
    '/api/Configuration/PartNumbers',
    {
      config: { access: { feature: 'CONFIGURATION.PARTNUMBERS' } },
      schema: {
        operationId: 'listPartNumbers',
        tags,
        summary:
          'The part numbers the devices carry, with their types, makers, device counts and serial ranges',
        querystring: z
          .object({
            Search: z.string().trim().max(100).optional(),
            PageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
          })
          .strict(),
        response: { 200: partNumberListAnswerSchema },
      },
    },
    async (request) => listPartNumbers(app.database.db, request.query.Search, request.query.PageNumber),
  );
  routes.post(
    '/api/Configuration/Migration/Preview',
    {
      config: { access: { feature: 'CONFIGURATION.MIGRATION' }, audit: { none: 'a preview writes nothing' } },
      schema: {
        operationId: 'previewMigration',
        tags,
        summary: 'How many devices the devices list’s filters match, and the first 20, before moving them',
        body: migrationPreviewSchema,
        response: { 200: migrationPreviewAnswerSchema },
      },
    },
    async (request) => previewMigration(app.database.db, signedInUser(request), request.body, aliveSince()),
  );
  routes.post(
    '/api/Configuration/Migration',
    {
      config: {
        access: { feature: 'CONFIGURATION.MIGRATION', roles: TASK_ROLES },
        audit: { actions: ['series.migrate'] },
      },
      schema: {
        operationId: 'migrateDevices',
        tags,
        summary: 'Moves the devices of the filters to another company and/or group, as a task',
        description:
          'confirmCount is the count the user confirmed: a 409 when the filters now match another number. The task moves 500 devices a transaction, each with its audit entry (series.migrate), and its file lists the devices moved.',
        body: migrationRequestSchema,
        response: { 202: taskRequestAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const locale = await exportLocaleOf(
        app.database.db,
        user,
        acceptedLanguages(request.headers['accept-language']),
        options,
      );
      return reply.status(202).send(await requestMigration(app, user, request.body, aliveSince(), locale));
    },
  );
}
