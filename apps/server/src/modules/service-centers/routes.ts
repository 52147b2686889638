import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SERVICE_CENTER_OPENERS,
  idParamSchema,
  internalStepsAnswerSchema,
  internalStepsBodySchema,
  serviceCenterBodySchema,
  serviceCenterListAnswerSchema,
} from '@fleet/contract';
import { signedInUser } from '../../lib/request.ts';
import { internalStepsOf, listServiceCenters, saveInternalSteps, saveServiceCenter } from './service.ts';

const tags = ['service centers'];
const idParams = z.object({ id: idParamSchema });
const saved = z.object({ id: z.number().int() });

/** Service centers and their internal steps (docs/commerce.md "Service centers"). */
export async function serviceCenterRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  routes.get(
    '/api/ServiceCenters',
    {
      config: { access: { feature: 'SERVICE_CENTERS' } },
      schema: {
        operationId: 'listServiceCenters',
        tags,
        summary: 'Service centers with their capabilities and staff (external managers: their own)',
        response: { 200: serviceCenterListAnswerSchema },
      },
    },
    async (request) => listServiceCenters(db(), signedInUser(request)),
  );
  routes.post(
    '/api/ServiceCenters',
    {
      config: {
        access: { feature: 'SERVICE_CENTERS', roles: SERVICE_CENTER_OPENERS },
        audit: { actions: ['service-center.create'] },
      },
      schema: {
        operationId: 'createServiceCenter',
        tags,
        summary: 'Opens a service center (409 when its code is taken; 400 naming an unknown staff username)',
        body: serviceCenterBodySchema,
        response: { 201: saved },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveServiceCenter(db(), signedInUser(request), null, request.body)),
  );
  routes.put(
    '/api/ServiceCenters/:id',
    {
      config: { access: { feature: 'SERVICE_CENTERS' }, audit: { actions: ['service-center.update'] } },
      schema: {
        operationId: 'updateServiceCenter',
        tags,
        summary: 'Changes a service center, its capabilities and staff (external managers: their own)',
        params: idParams,
        body: serviceCenterBodySchema,
        response: { 200: saved },
      },
    },
    async (request) => saveServiceCenter(db(), signedInUser(request), request.params.id, request.body),
  );
  routes.get(
    '/api/ServiceCenters/:id/InternalSteps',
    {
      config: { access: { feature: 'SHOPPING.MANAGE.INTERNAL_STEPS' } },
      schema: {
        operationId: 'listInternalSteps',
        tags,
        summary: "A center's internal steps in order, each with the orders at it now (stopped steps last)",
        params: idParams,
        response: { 200: internalStepsAnswerSchema },
      },
    },
    async (request) => internalStepsOf(db(), signedInUser(request), request.params.id),
  );
  routes.put(
    '/api/ServiceCenters/:id/InternalSteps',
    {
      config: {
        access: { feature: 'SHOPPING.MANAGE.INTERNAL_STEPS' },
        audit: { actions: ['service-center.steps'] },
      },
      schema: {
        operationId: 'saveInternalSteps',
        tags,
        summary:
          "Sets a center's steps in order: listed ones renamed, new ones added, the others stopped (409 while orders are at one)",
        params: idParams,
        body: internalStepsBodySchema,
        response: { 200: internalStepsAnswerSchema },
      },
    },
    async (request) => saveInternalSteps(db(), signedInUser(request), request.params.id, request.body),
  );
}
