import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addressBodySchema,
  addressBookAnswerSchema,
  addressBookEntrySchema,
  idParamSchema,
} from '@fleet/contract';
import { signedInUser } from '../../lib/request.ts';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './service.ts';

const tags = ['services'];

/** The company's address book (docs/commerce.md "Address book"), under the services feature. */
export async function addressRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  routes.get(
    '/api/Addresses',
    {
      config: { access: { feature: 'SERVICES' } },
      schema: {
        operationId: 'listAddresses',
        tags,
        summary: "The user's company's addresses",
        response: { 200: addressBookAnswerSchema },
      },
    },
    async (request) => listAddresses(db(), signedInUser(request)),
  );
  routes.post(
    '/api/Addresses',
    {
      config: { access: { feature: 'SERVICES' }, audit: { actions: ['address.create'] } },
      schema: {
        operationId: 'createAddress',
        tags,
        summary: 'Adds an address to the company’s book (at most 200)',
        body: addressBodySchema,
        response: { 201: addressBookEntrySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createAddress(db(), signedInUser(request), request.body)),
  );
  routes.put(
    '/api/Addresses/:id',
    {
      config: { access: { feature: 'SERVICES' }, audit: { actions: ['address.update'] } },
      schema: {
        operationId: 'updateAddress',
        tags,
        summary: 'Changes an address (orders keep the copy they were placed with)',
        params: z.object({ id: idParamSchema }),
        body: addressBodySchema,
        response: { 200: addressBookEntrySchema },
      },
    },
    async (request) => updateAddress(db(), signedInUser(request), request.params.id, request.body),
  );
  routes.delete(
    '/api/Addresses/:id',
    {
      config: { access: { feature: 'SERVICES' }, audit: { actions: ['address.delete'] } },
      schema: {
        operationId: 'deleteAddress',
        tags,
        summary: 'Removes an address (orders keep their copy)',
        params: z.object({ id: idParamSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteAddress(db(), signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
