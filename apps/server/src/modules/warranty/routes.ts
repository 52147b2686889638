import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import multipart from '@fastify/multipart';
import {
  WARRANTY_BULK_MAX_ROWS,
  taskRequestAnswerSchema,
  taskStartAccess,
  warrantyDecodeAnswerSchema,
  warrantyDecodeQuerySchema,
} from '@fleet/contract';
import { acceptedLanguages, signedInUser } from '../../lib/request.ts';
import { exportLocaleOf } from '../tasks/list-export.ts';
import { fileContent } from '../../lib/route-docs.ts';
import { bulkDecodeFieldsSchema, bulkDecodeHandler, requestBulkDecode } from './bulk.ts';
import { decodeWarranty } from './service.ts';

/** Warranty codes (docs/company-tools.md): one code decoded into its parts, job and device. */
export async function warrantyRoutes(
  app: FastifyInstance,
  options: { section: string; languages: readonly string[] },
) {
  app.taskQueue.handle('warranty-decode', bulkDecodeHandler(app));
  await app.register(multipart, { throwFileSizeLimit: false });
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/api/WarrantyCode/Bulk',
    {
      config: {
        access: taskStartAccess('warranty-decode'),
        audit: { none: "a task of the user's own: it changes no record" },
        errors: [429],
      },
      schema: {
        operationId: 'decodeWarrantyCodesInBulk',
        tags: ['warranty'],
        summary: 'Decodes a file of warranty codes as a task, into a CSV or XLSX file',
        description: `multipart/form-data with the fields ExportDescription and ExportType (CSV or XLSX) and a part named file: a CSV or XLSX file of at most ${WARRANTY_BULK_MAX_ROWS} codes, its first row naming the columns warrantycode (required), ro, bac and vin.`,
        consumes: ['multipart/form-data'],
        ownBody: z.object({
          ...bulkDecodeFieldsSchema.shape,
          file: fileContent(`A CSV or XLSX file of at most ${WARRANTY_BULK_MAX_ROWS} codes`),
        }),
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
      return reply.status(202).send(await requestBulkDecode(app, request, user, locale));
    },
  );
  routes.get(
    '/api/WarrantyCode/:code',
    {
      config: { access: { feature: 'WARRANTY.DECODE' } },
      schema: {
        operationId: 'decodeWarrantyCode',
        tags: ['warranty'],
        summary:
          'Decodes a warranty code: valid or why not, its day and claim, the job and device it belongs to',
        description:
          'ro, bac and vin (the job detail passes its own) are compared with those of the job that carries the code. ' +
          'A code of a job outside the user’s scope answers as an unknown one: valid, with no job.',
        params: z.object({ code: z.string().min(1).max(64) }),
        querystring: warrantyDecodeQuerySchema,
        response: { 200: warrantyDecodeAnswerSchema },
      },
    },
    async (request) =>
      decodeWarranty(app.database.db, signedInUser(request), request.params.code, request.query),
  );
}
