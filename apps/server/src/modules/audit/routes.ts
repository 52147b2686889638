import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditListAnswerSchema } from '@fleet/contract';
import { listExportRoute } from '../tasks/list-export.ts';
import { auditExportSource } from './export.ts';
import { cursorPagedAnswer, sendPagingHeaders } from '../../lib/keyset.ts';
import { listQuerySchema } from '../../lib/list-request.ts';
import { AUDIT_QUERY, listAudit } from './service.ts';

export async function auditRoutes(
  app: FastifyInstance,
  options: { section: string; languages: readonly string[] },
) {
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
          'Paging links in the x-paging-* response headers, and under the names of the spec (argosFirstPage, argosHasNext…). Parameter names and values are read without regard to case.',
        querystring: listQuerySchema(AUDIT_QUERY),
        response: { 200: cursorPagedAnswer(auditListAnswerSchema) },
      },
    },
    async (request, reply) => {
      const page = await listAudit(app.database.db, request.query);
      sendPagingHeaders(reply, page.paging);
      return { data: page.data };
    },
  );
  listExportRoute(
    app,
    options,
    {
      path: '/api/AuditLog/Export',
      operationId: 'exportAuditLog',
      tags: ['audit log'],
      summary: 'Exports the audit log entries of these filters to a CSV or XLSX file, as a task',
      description: 'Filters are those of GET /api/AuditLog (User, Action, SubjectType, SubjectId, From, To).',
    },
    auditExportSource,
  );
}
