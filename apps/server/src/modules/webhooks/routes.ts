import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deliveryIdParamSchema,
  idParamSchema,
  webhookAttemptListSchema,
  webhookCreateSchema,
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookSecretSchema,
  webhookUpdateSchema,
} from '@fleet/contract';
import { listQuerySchema } from '../../lib/list-request.ts';
import { signedInUser } from '../../lib/request.ts';
import {
  DELIVERY_QUERY,
  createEndpoint,
  deleteEndpoint,
  listAttempts,
  listDeliveries,
  listEndpoints,
  replayDelivery,
  rotateSecret,
  updateEndpoint,
} from './service.ts';

const tags = ['webhooks'];
const access = { feature: 'WEBHOOKS' } as const;
const endpoint = z.object({ id: idParamSchema });
const delivery = z.object({ id: idParamSchema, deliveryId: deliveryIdParamSchema });

/** Integrators' endpoints and their deliveries (docs/notifications.md "Webhooks"). */
export async function webhookRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const demoMode = app.config.demoMode;
  routes.get(
    '/api/Webhooks',
    {
      config: { access },
      schema: {
        operationId: 'listWebhooks',
        tags,
        summary: 'The endpoints the user manages: their company’s, or for the maker’s staff every one',
        querystring: z
          .object({ Company: z.uuid().optional().meta({ description: 'Only this company’s (staff).' }) })
          .strict(),
        response: { 200: webhookEndpointListSchema },
      },
    },
    async (request) => listEndpoints(db(), signedInUser(request), request.query.Company),
  );
  routes.post(
    '/api/Webhooks',
    {
      config: { access, audit: { actions: ['webhook.create'] } },
      schema: {
        operationId: 'createWebhook',
        tags,
        summary: 'Adds an endpoint; the answer carries its signing secret, this once',
        body: webhookCreateSchema,
        response: { 201: webhookCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createEndpoint(db(), signedInUser(request), request.body, demoMode)),
  );
  routes.put(
    '/api/Webhooks/:id',
    {
      config: { access, audit: { actions: ['webhook.update'] } },
      schema: {
        operationId: 'updateWebhook',
        tags,
        summary:
          'Changes an endpoint’s address, event types or state (turned on again, its failures are forgotten)',
        params: endpoint,
        body: webhookUpdateSchema,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => updateEndpoint(db(), signedInUser(request), request.params.id, request.body, demoMode),
  );
  routes.delete(
    '/api/Webhooks/:id',
    {
      config: { access, audit: { actions: ['webhook.delete'] } },
      schema: {
        operationId: 'deleteWebhook',
        tags,
        summary: 'Removes an endpoint with its deliveries',
        params: endpoint,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteEndpoint(db(), signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  routes.post(
    '/api/Webhooks/:id/Secret',
    {
      config: { access, audit: { actions: ['webhook.rotate'] } },
      schema: {
        operationId: 'rotateWebhookSecret',
        tags,
        summary: 'Gives an endpoint a new signing secret, answered this once; the old one signs no more',
        params: endpoint,
        response: { 200: webhookSecretSchema },
      },
    },
    async (request) => rotateSecret(db(), signedInUser(request), request.params.id),
  );
  routes.get(
    '/api/Webhooks/:id/Deliveries',
    {
      config: { access },
      schema: {
        operationId: 'listWebhookDeliveries',
        tags,
        summary: 'An endpoint’s deliveries, newest first, with their state and attempts',
        params: endpoint,
        querystring: listQuerySchema(DELIVERY_QUERY),
        response: { 200: webhookDeliveryListSchema },
      },
    },
    async (request) => listDeliveries(db(), signedInUser(request), request.params.id, request.query),
  );
  routes.get(
    '/api/Webhooks/:id/Deliveries/:deliveryId/Attempts',
    {
      config: { access },
      schema: {
        operationId: 'listWebhookAttempts',
        tags,
        summary: 'Each time a delivery was sent: the answer’s status or why none came, how long it took',
        params: delivery,
        response: { 200: webhookAttemptListSchema },
      },
    },
    async (request) =>
      listAttempts(db(), signedInUser(request), request.params.id, request.params.deliveryId),
  );
  routes.post(
    '/api/Webhooks/:id/Deliveries/:deliveryId/Replay',
    {
      config: { access, audit: { actions: ['webhook.replay'] } },
      schema: {
        operationId: 'replayWebhookDelivery',
        tags,
        summary: 'Sends a delivery again, with its retries afresh (409 while it is being sent)',
        params: delivery,
        response: { 200: webhookDeliverySchema },
      },
    },
    async (request) =>
      replayDelivery(db(), signedInUser(request), request.params.id, request.params.deliveryId),
  );
}
