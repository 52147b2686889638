import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FEATURE_CATALOGUE,
  auditListAnswerSchema,
  listExportRequestSchema,
  taskRequestAnswerSchema,
} from '@fleet/contract';
import { acceptedLanguages, signedInUser } from '../../lib/request.ts';
import { exportLocaleOf, listExportHandler, requestListExport } from '../tasks/list-export.ts';
import { auditExportSource } from './export.ts';
import { sendPagingHeaders } from '../../lib/keyset.ts';
import { listQuerySchema } from '../../lib/list-request.ts';
import { AUDIT_QUERY, listAudit } from './service.ts';

/** An export is a task: only those who have a task list to collect it from may ask for one. */
const TASK_ROLES = FEATURE_CATALOGUE.get('TASKS')!.roles;

export async function auditRoutes(
  app: FastifyInstance,
  options: { section: string; languages: readonly string[] },
) {
  app.taskQueue.handle('audit-export', listExportHandler(app, auditExportSource));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/AuditLog',
    {
      config: { access: { feature: 'LOGS' } },
      schema: {
        operationId: 'listAuditLog',
        tags: ['audit log'],
        summary: 'Who changed what and when, newest first by default, cursor-paged',
        description:
          'Paging links in the x-paging-* response headers. Parameter names and values are read without regard to case.',
        querystring: listQuerySchema(AUDIT_QUERY),
        response: { 200: auditListAnswerSchema },
      },
    },
    async (request, reply) => {
      const page = await listAudit(app.database.db, request.query);
      sendPagingHeaders(reply, page.paging);
      return { data: page.data };
    },
  );
  routes.post(
    '/api/AuditLog/Export',
    {
      config: {
        access: { feature: 'LOGS', roles: TASK_ROLES },
        audit: { none: "a task of the user's own: it changes no record" },
      },
      schema: {
        operationId: 'exportAuditLog',
        tags: ['audit log'],
        summary: 'Exports the audit log entries of these filters to a CSV or XLSX file, as a task',
        description:
          'Answers at once with the task id (GET /api/Task follows it). Filters are those of GET /api/AuditLog (User, Action, SubjectType, SubjectId, From, To).',
        body: listExportRequestSchema,
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
      return reply
        .status(202)
        .send(await requestListExport(app, auditExportSource, user, request.body, locale));
    },
  );
}
