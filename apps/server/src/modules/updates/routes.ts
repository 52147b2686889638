import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceTypeListAnswerSchema, deviceTypeNameSchema, deviceTypeSchema } from '@fleet/contract';
import { signedInUser } from '../../lib/request.ts';
import { declareDeviceType, deleteDeviceType, getDeviceType, listDeviceTypes } from './device-types.ts';

const tags = ['updates'];
const typeParams = z.object({ type: deviceTypeNameSchema });

/** Device types and their versions (platform spec §7 Updates; docs/versions.md). */
export async function updateRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  routes.get(
    '/api/Updates/DeviceTypes',
    {
      config: { access: { feature: 'VERSIONS' } },
      schema: {
        operationId: 'listDeviceTypes',
        tags,
        summary: 'Device types: of the fleet’s devices and declared ahead of them, with their device counts',
        response: { 200: deviceTypeListAnswerSchema },
      },
    },
    async () => listDeviceTypes(db()),
  );

  routes.get(
    '/api/Updates/DeviceTypes/:type',
    {
      config: { access: { feature: 'VERSIONS' } },
      schema: {
        operationId: 'getDeviceType',
        tags,
        summary: 'One device type (upper case; the path is read without regard to case)',
        params: typeParams,
        response: { 200: deviceTypeSchema },
      },
    },
    async (request) => getDeviceType(db(), request.params.type),
  );

  routes.post(
    '/api/Updates/DeviceTypes/:type',
    {
      config: { access: { feature: 'VERSIONS.UPLOAD' } },
      schema: {
        operationId: 'declareDeviceType',
        tags,
        summary: 'Declares a device type before its devices exist, so that versions can be uploaded for it',
        params: typeParams,
        response: { 201: deviceTypeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await declareDeviceType(db(), signedInUser(request), request.params.type)),
  );

  routes.delete(
    '/api/Updates/DeviceTypes/:type',
    {
      config: { access: { feature: 'VERSIONS.DELETESPECIFIED' } },
      schema: {
        operationId: 'deleteDeviceType',
        tags,
        summary: 'Deletes a declared device type; refused (409) while devices have it',
        params: typeParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteDeviceType(db(), request.params.type);
      return reply.status(204).send(null);
    },
  );
}
