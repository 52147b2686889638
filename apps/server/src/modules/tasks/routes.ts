import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { taskDownloadAnswerSchema, taskListAnswerSchema, taskSchema } from '@fleet/contract';
import { cursorPagedAnswer, sendPagingHeaders } from '../../lib/keyset.ts';
import { listQuerySchema } from '../../lib/list-request.ts';
import { signedInUser } from '../../lib/request.ts';
import { TASK_QUERY, archive, cancel, listTasks, pendingTaskList, respawn, taskDownload } from './service.ts';

const tags = ['tasks'];
const access = { access: { feature: 'TASKS' as const } };
/** A task is its owner's own request, not a record of the product: its changes are not audited. */
const ownTask = { ...access, audit: { none: "the user's own task" } };
const params = z.object({
  requestId: z.string().min(1).max(64).describe('The task (its export request id)'),
});

/** The user's own tasks (docs/tasks.md); another user's task is a 404. */
export async function taskRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  routes.get(
    '/api/Task',
    {
      config: access,
      schema: {
        operationId: 'listTasks',
        tags,
        summary: "The user's tasks, newest first, cursor-paged (paging links in the x-paging-* headers)",
        querystring: listQuerySchema(TASK_QUERY),
        response: { 200: cursorPagedAnswer(taskListAnswerSchema) },
      },
    },
    async (request, reply) => {
      const page = await listTasks(db(), signedInUser(request), request.query);
      sendPagingHeaders(reply, page.paging);
      return { data: page.tasks };
    },
  );

  routes.get(
    '/api/Task/list-viewer',
    {
      config: access,
      schema: {
        operationId: 'listPendingTasks',
        tags,
        summary: "The user's five most recent tasks that have not ended",
        response: { 200: taskListAnswerSchema },
      },
    },
    async (request) => ({ data: await pendingTaskList(db(), signedInUser(request)) }),
  );

  routes.get(
    '/api/Task/:requestId/download',
    {
      config: access,
      schema: {
        operationId: 'getTaskDownload',
        tags,
        summary: 'A fresh link to the file of a done task (valid 15 minutes); 410 once the file has expired',
        params,
        response: { 200: taskDownloadAnswerSchema },
      },
    },
    async (request) => taskDownload(db(), app.media, signedInUser(request), request.params.requestId),
  );

  routes.post(
    '/api/Task/:requestId/respawn',
    {
      config: ownTask,
      schema: {
        operationId: 'respawnTask',
        tags,
        summary: 'Runs an ended task (done or ended without a file) again, under the same id',
        params,
        response: { 200: taskSchema },
      },
    },
    async (request) => respawn(db(), app.media, signedInUser(request), request.params.requestId),
  );

  routes.post(
    '/api/Task/:requestId/cancel',
    {
      config: ownTask,
      schema: {
        operationId: 'cancelTask',
        tags,
        summary: 'Ends a task that is still waiting to run',
        params,
        response: { 200: taskSchema },
      },
    },
    async (request) => cancel(db(), signedInUser(request), request.params.requestId),
  );

  routes.delete(
    '/api/Task/:requestId',
    {
      config: ownTask,
      schema: {
        operationId: 'archiveTask',
        tags,
        summary: 'Archives an ended task: hidden from the lists, its file removed',
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await archive(db(), app.media, signedInUser(request), request.params.requestId);
      return reply.status(204).send(null);
    },
  );
}
