import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  factoryBatchBodySchema,
  factoryBatchCreatedSchema,
  factoryBatchListAnswerSchema,
} from '@fleet/contract';
import { signedInUser } from '../../lib/request.ts';
import { createFactoryBatch, listFactoryBatches } from './service.ts';

const tags = ['factory'];

/** The factory (docs/company-tools.md): batches of newly built devices. */
export async function factoryRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  routes.get(
    '/api/Factory/Batches',
    {
      config: { access: { feature: 'FACTORY' } },
      schema: {
        operationId: 'listFactoryBatches',
        tags,
        summary: 'The last 100 batches, newest first, without keys',
        response: { 200: factoryBatchListAnswerSchema },
      },
    },
    async () => listFactoryBatches(db()),
  );
  routes.post(
    '/api/Factory/Batches',
    {
      config: { access: { feature: 'FACTORY' }, audit: { actions: ['factory-batch.create'] } },
      schema: {
        operationId: 'createFactoryBatch',
        tags,
        summary:
          'Registers newly built devices: serial numbers from the part number’s ranges, a key pair each',
        description:
          'The devices are deactivated until a customer activates them. The private keys are in this answer only; the server keeps the public halves. 409 when the ranges lack free numbers.',
        body: factoryBatchBodySchema,
        response: { 201: factoryBatchCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createFactoryBatch(db(), signedInUser(request), request.body)),
  );
}
