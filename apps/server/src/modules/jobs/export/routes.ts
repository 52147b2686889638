import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exportRequestSchema, taskRequestAnswerSchema, taskStartAccess } from '@fleet/contract';
import { acceptedLanguages, signedInUser } from '../../../lib/request.ts';
import { requestJobExport } from './request.ts';
import { jobExportHandler } from './task.ts';

/** Jobs exports: the request queues a task (docs/tasks.md); this process's worker knows how to run it. */
export async function jobExportRoutes(
  app: FastifyInstance,
  options: { section: string; languages: readonly string[] },
) {
  app.taskQueue.handle('jobs-export', jobExportHandler(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/api/Jobs/Export',
    {
      config: {
        access: taskStartAccess('jobs-export'),
        audit: { none: "a task of the user's own: it changes no record" },
      },
      schema: {
        operationId: 'exportJobs',
        tags: ['jobs'],
        summary: 'Exports the jobs a list shows (its filters, sort and scope) to a file, as a task',
        description:
          'Answers at once with the task id; the file is written in the background (GET /api/Task follows it). ' +
          'JobFilters are the list query parameters of GET /api/Jobs (JobList says which list), checked as the list checks them.',
        body: exportRequestSchema,
        response: { 202: taskRequestAnswerSchema },
      },
    },
    async (request, reply) => {
      const answer = await requestJobExport(
        {
          db: app.database.db,
          queue: app.taskQueue,
          section: options.section,
          languages: options.languages,
        },
        signedInUser(request),
        request.body,
        acceptedLanguages(request.headers['accept-language']),
      );
      return reply.status(202).send(answer);
    },
  );
}
