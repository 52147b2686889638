import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { warrantyDecodeAnswerSchema, warrantyDecodeQuerySchema } from '@fleet/contract';
import { signedInUser } from '../../lib/request.ts';
import { decodeWarranty } from './service.ts';

/** Warranty codes (docs/company-tools.md): one code decoded into its parts, job and device. */
export async function warrantyRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
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
