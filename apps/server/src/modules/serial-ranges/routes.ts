import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamSchema,
  serialRangeBodySchema,
  serialRangeListAnswerSchema,
  serialRangeSchema,
} from '@fleet/contract';
import { signedInUser } from '../../lib/request.ts';
import { createSerialRange, deleteSerialRange, listSerialRanges } from './service.ts';

const tags = ['serial numbers'];

/** Serial management (docs/company-tools.md): ranges of 'from' numbers per part number, and their report. */
export async function serialRangeRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  routes.get(
    '/api/SerialRanges',
    {
      config: { access: { feature: 'SERIALNUMBER' } },
      schema: {
        operationId: 'listSerialRanges',
        tags,
        summary:
          'Serial-number ranges with their allocated, activated and unused numbers, and the next free one',
        querystring: z
          .object({
            PartNumber: z.string().trim().max(10, 'must be at most 10 characters').optional(),
          })
          .strict(),
        response: { 200: serialRangeListAnswerSchema },
      },
    },
    async (request) => listSerialRanges(db(), request.query.PartNumber),
  );
  routes.post(
    '/api/SerialRanges',
    {
      config: { access: { feature: 'SERIALNUMBER' }, audit: { actions: ['serial-range.create'] } },
      schema: {
        operationId: 'createSerialRange',
        tags,
        summary: 'Adds a range of a part number (409 when it overlaps another of the same part number)',
        body: serialRangeBodySchema,
        response: { 201: serialRangeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSerialRange(db(), signedInUser(request), request.body)),
  );
  routes.delete(
    '/api/SerialRanges/:id',
    {
      config: { access: { feature: 'SERIALNUMBER' }, audit: { actions: ['serial-range.delete'] } },
      schema: {
        operationId: 'deleteSerialRange',
        tags,
        summary: 'Removes a range none of whose numbers was allocated (409 otherwise)',
        params: z.object({ id: idParamSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteSerialRange(db(), signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
