import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  corruptedJobListAnswerSchema,
  corruptedJobReprocessSchema,
  corruptedJobSchema,
  idParamSchema,
} from '@fleet/contract';
import { listQuerySchema } from '../../lib/list-request.ts';
import { signedInUser } from '../../lib/request.ts';
import {
  CORRUPTED_JOB_QUERY,
  discardCorruptedJob,
  listCorruptedJobs,
  reprocessCorruptedJob,
} from './service.ts';

const tags = ['corrupted jobs'];
const params = z.object({ id: idParamSchema });

/** Corrupted jobs (docs/company-tools.md): jobs devices sent that were refused, fixed and reprocessed or discarded. */
export async function corruptedJobRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  routes.get(
    '/api/CorruptedJobs',
    {
      config: { access: { feature: 'CORRUPTEDJOBS' } },
      schema: {
        operationId: 'listCorruptedJobs',
        tags,
        summary: 'Jobs devices sent that were refused, newest first, with why and the payload',
        querystring: listQuerySchema(CORRUPTED_JOB_QUERY),
        response: { 200: corruptedJobListAnswerSchema },
      },
    },
    async (request) => listCorruptedJobs(db(), request.query),
  );
  routes.post(
    '/api/CorruptedJobs/:id/reprocess',
    {
      config: { access: { feature: 'CORRUPTEDJOBS' }, audit: { actions: ['corrupted-job.reprocess'] } },
      schema: {
        operationId: 'reprocessCorruptedJob',
        tags,
        summary:
          'Accepts a fixed payload as the device’s job; 400 naming the fields when it is still refused',
        params,
        body: corruptedJobReprocessSchema,
        response: { 200: corruptedJobSchema },
      },
    },
    async (request) =>
      reprocessCorruptedJob(db(), signedInUser(request), request.params.id, request.body.payload),
  );
  routes.post(
    '/api/CorruptedJobs/:id/discard',
    {
      config: { access: { feature: 'CORRUPTEDJOBS' }, audit: { actions: ['corrupted-job.discard'] } },
      schema: {
        operationId: 'discardCorruptedJob',
        tags,
        summary: 'Throws a refused job away',
        params,
        response: { 200: corruptedJobSchema },
      },
    },
    async (request) => discardCorruptedJob(db(), signedInUser(request), request.params.id),
  );
}
