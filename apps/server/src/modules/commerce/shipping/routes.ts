import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  carrierAuditBodySchema,
  idParamSchema,
  packageListAnswerSchema,
  pickupListAnswerSchema,
  shipmentProviderBodySchema,
  shipmentProviderListAnswerSchema,
} from '@fleet/contract';
import { listQuerySchema } from '../../../lib/list-request.ts';
import { signedInUser } from '../../../lib/request.ts';
import {
  CARRIER_AUDIT_QUERY,
  PACKAGE_QUERY,
  PICKUP_QUERY,
  listCarrierAudit,
  listPackages,
  listPickups,
  packageLabel,
  reviewCarrierCharge,
} from './service.ts';
import { listShipmentProviders, saveShipmentProvider } from './providers.ts';

const tags = ['orders'];
const idParams = z.object({ id: idParamSchema });

/** Orders management's packages, pick-ups and carrier audit (docs/commerce.md "Shipping"). */
export async function shippingRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  routes.get(
    '/api/Shop/Packages',
    {
      config: { access: { feature: 'SHOPPING.MANAGE.PACKAGES' } },
      schema: {
        operationId: 'listPackages',
        tags,
        summary: 'Packages to and from the service centers, newest first (service partners: their centers’)',
        querystring: listQuerySchema(PACKAGE_QUERY),
        response: { 200: packageListAnswerSchema },
      },
    },
    async (request) => listPackages(db(), signedInUser(request), request.query),
  );
  routes.get(
    '/api/Shop/Packages/:id/Label',
    {
      config: { access: { feature: 'SHOPPING.MANAGE.PACKAGES' } },
      schema: {
        operationId: 'getPackageLabel',
        tags,
        summary: "A link to a package's shipping label, a PDF",
        params: idParams,
        response: { 200: z.object({ mediaLink: z.string() }) },
      },
    },
    async (request) => packageLabel(db(), app.media, signedInUser(request), request.params.id),
  );
  routes.get(
    '/api/Shop/PackagePickups',
    {
      config: { access: { feature: 'SHOPPING.MANAGE.PACKAGE_PICKUPS' } },
      schema: {
        operationId: 'listPackagePickups',
        tags,
        summary: 'Pick-ups booked with the carriers, the latest day first, with their packages',
        querystring: listQuerySchema(PICKUP_QUERY),
        response: { 200: pickupListAnswerSchema },
      },
    },
    async (request) => listPickups(db(), signedInUser(request), request.query),
  );
  routes.get(
    '/api/Shop/CarrierAudit',
    {
      config: { access: { feature: 'SHOPPING.MANAGE.AUDITS' } },
      schema: {
        operationId: 'listCarrierAudit',
        tags,
        summary: "Delivered packages with the carrier's bill against the rate, discrepancies to review first",
        querystring: listQuerySchema(CARRIER_AUDIT_QUERY),
        response: { 200: packageListAnswerSchema },
      },
    },
    async (request) => listCarrierAudit(db(), signedInUser(request), request.query),
  );
  routes.get(
    '/api/Shop/ShipmentProviders',
    {
      config: { access: { feature: 'SHIPMENT_PROVIDERS' } },
      schema: {
        operationId: 'listShipmentProviders',
        tags,
        summary: "Carrier accounts: the global ones and each center's own (service partners: their centers')",
        response: { 200: shipmentProviderListAnswerSchema },
      },
    },
    async (request) => listShipmentProviders(db(), signedInUser(request)),
  );
  routes.post(
    '/api/Shop/ShipmentProviders',
    {
      config: {
        access: { feature: 'SHIPMENT_PROVIDERS.MANAGE' },
        audit: { actions: ['shipment-provider.create'] },
      },
      schema: {
        operationId: 'createShipmentProvider',
        tags,
        summary:
          'Adds a carrier account for a center (a global one, with no center, needs MANAGE_GLOBAL: 403)',
        body: shipmentProviderBodySchema,
        response: { 201: z.object({ id: z.number().int() }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await saveShipmentProvider(db(), signedInUser(request), null, request.body)),
  );
  routes.put(
    '/api/Shop/ShipmentProviders/:id',
    {
      config: {
        access: { feature: 'SHIPMENT_PROVIDERS.MANAGE' },
        audit: { actions: ['shipment-provider.update'] },
      },
      schema: {
        operationId: 'updateShipmentProvider',
        tags,
        summary: 'Changes a carrier account and its rates; labelled packages keep the rate they were made at',
        params: idParams,
        body: shipmentProviderBodySchema,
        response: { 200: z.object({ id: z.number().int() }) },
      },
    },
    async (request) => saveShipmentProvider(db(), signedInUser(request), request.params.id, request.body),
  );
  routes.put(
    '/api/Shop/CarrierAudit/:id',
    {
      config: { access: { feature: 'SHOPPING.MANAGE.AUDITS' }, audit: { actions: ['package.audit'] } },
      schema: {
        operationId: 'reviewCarrierCharge',
        tags,
        summary:
          'Accepts or disputes a billed charge that differs from the rate (409 when it matches or is not billed)',
        params: idParams,
        body: carrierAuditBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await reviewCarrierCharge(db(), signedInUser(request), request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );
}
