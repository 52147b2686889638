import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SERIES_USER_EMAIL_ROLES,
  accessoryDataSchema,
  accessoryListAnswerSchema,
  accessorySchema,
  hasAnyRole,
  seriesUserSchema,
  idParamSchema,
} from '@fleet/contract';
import { cursorPagedAnswer, sendPagingHeaders } from '../../lib/keyset.ts';
import { listQuerySchema } from '../../lib/list-request.ts';
import { signedInUser } from '../../lib/request.ts';
import {
  ACCESSORY_QUERY,
  accessoryData,
  accessoryUsers,
  getAccessory,
  listAccessories,
  replaceAccessoryData,
} from './service.ts';

const idParams = z.object({ id: idParamSchema });

export async function accessoryRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  routes.get(
    '/api/Accessories',
    {
      config: { access: { feature: 'SERIES.ACCESSORIES.LIST' } },
      schema: {
        operationId: 'listAccessories',
        tags: ['accessories'],
        summary: 'Accessories, cursor-paged: paging links in the x-paging-* (and argos*) response headers',
        querystring: listQuerySchema(ACCESSORY_QUERY),
        response: { 200: cursorPagedAnswer(accessoryListAnswerSchema) },
      },
    },
    async (request, reply) => {
      const { data, paging } = await listAccessories(db(), request.query, signedInUser(request));
      sendPagingHeaders(reply, paging);
      return { data };
    },
  );

  routes.get(
    '/api/Accessories/by-sn/:serialNumber',
    {
      config: { access: { feature: 'SERIES.ACCESSORIES.DETAILS' } },
      schema: {
        operationId: 'getAccessoryBySerialNumber',
        tags: ['accessories'],
        summary: 'One accessory by serial number',
        params: z.object({ serialNumber: z.string().min(1).max(32) }),
        response: { 200: accessorySchema },
      },
    },
    async (request) =>
      getAccessory(db(), signedInUser(request), { serialNumber: request.params.serialNumber }),
  );

  routes.get(
    '/api/Accessories/:id',
    {
      config: { access: { feature: 'SERIES.ACCESSORIES.DETAILS' } },
      schema: {
        operationId: 'getAccessory',
        tags: ['accessories'],
        summary: 'One accessory',
        params: idParams,
        response: { 200: accessorySchema },
      },
    },
    async (request) => getAccessory(db(), signedInUser(request), { id: request.params.id }),
  );

  routes.get(
    '/api/Accessories/:id/users',
    {
      config: { access: { feature: 'SERIES.ACCESSORIES.DETAILS' } },
      schema: {
        operationId: 'listAccessoryUsers',
        tags: ['accessories'],
        summary: 'Users of the device the accessory is attached to (email for the roles of spec §6)',
        params: idParams,
        response: { 200: z.array(seriesUserSchema) },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      return accessoryUsers(db(), user, request.params.id, hasAnyRole(SERIES_USER_EMAIL_ROLES, user.roles));
    },
  );

  routes.get(
    '/api/Accessories/:id/data',
    {
      config: { access: { feature: 'SERIES.ACCESSORIES.DETAILS' } },
      schema: {
        operationId: 'getAccessoryData',
        tags: ['accessories'],
        summary: "The accessory's data set",
        params: idParams,
        response: { 200: accessoryDataSchema },
      },
    },
    async (request) => accessoryData(db(), signedInUser(request), request.params.id),
  );

  routes.put(
    '/api/Accessories/:id/data',
    {
      config: {
        access: { feature: 'SERIES.DETAILS.CONFIGURATION' },
        audit: { actions: ['accessory.data'] },
      },
      schema: {
        operationId: 'replaceAccessoryData',
        tags: ['accessories'],
        summary: "Replaces the accessory's data set (a JSON object, at most 64 KiB)",
        params: idParams,
        body: accessoryDataSchema,
        response: { 200: accessoryDataSchema },
      },
    },
    async (request) => replaceAccessoryData(db(), signedInUser(request), request.params.id, request.body),
  );
}
