import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADD_COMPONENT_ROLES,
  COMPONENT_ACTION_ROLES,
  CONNECTION_PAGE_SIZE,
  certificateEntrySchema,
  componentBodySchema,
  componentSchema,
  componentStatusBodySchema,
  connectionHistoryAnswerSchema,
  deviceConfigurationSchema,
  locationSchema,
  devicesLastUpdateAnswerSchema,
  devicesLastUpdateRequestSchema,
  updateHistoryAnswerSchema,
  updateHistoryRequestSchema,
  idParamSchema,
} from '@fleet/contract';
import { signedInUser } from '../../lib/request.ts';
import { ListQuery, listQuerySchema, type QueryParameter } from '../../lib/list-request.ts';
import {
  addComponent,
  certificatesOf,
  componentsOf,
  configurationOf,
  connectionHistory,
  lastUpdatesOf,
  locationsOf,
  removeComponent,
  setComponentStatus,
  updateHistoryOf,
} from './service.ts';

const serialParams = z.object({ serialNumber: z.string().min(1).max(32) });
const componentParams = serialParams.extend({ id: idParamSchema });
const tags = ['device records'];

const CONNECTION_QUERY: readonly QueryParameter[] = [
  { name: 'SerialNumbers', description: 'Devices whose connections to list (1 to 100).', repeatable: true },
  {
    name: 'PageSize',
    description: `Rows per page, 1 to 100 (default ${CONNECTION_PAGE_SIZE}).`,
    integer: true,
  },
  { name: 'PageNumber', description: 'Page to answer, from 1 (default 1).', integer: true },
];

export async function deviceRecordRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  routes.get(
    '/api/ConnectionHistory',
    {
      config: { access: { feature: 'SERIES.DETAILS.CONNECTIONS' } },
      schema: {
        operationId: 'listConnectionHistory',
        tags,
        summary: 'Connections to devices, newest first',
        querystring: listQuerySchema(CONNECTION_QUERY),
        response: { 200: connectionHistoryAnswerSchema },
      },
    },
    async (request) => {
      const query = new ListQuery(request.query, CONNECTION_QUERY);
      const pageSize = query.positiveInteger('PageSize') ?? CONNECTION_PAGE_SIZE;
      const pageNumber = query.positiveInteger('PageNumber') ?? 1;
      if (pageSize > 100) query.problem('PageSize', 'must be at most 100');
      const serialNumbers = query.all('SerialNumbers');
      if (serialNumbers.length === 0) query.problem('SerialNumbers', 'is required');
      if (serialNumbers.length > 100) query.problem('SerialNumbers', 'must name at most 100 devices');
      query.check();
      return connectionHistory(db(), signedInUser(request), serialNumbers, pageSize, pageNumber);
    },
  );

  routes.post(
    '/api/Updates/history',
    {
      config: {
        access: { feature: 'SERIES.DETAILS.UPDATES' },
        audit: { none: 'a read: the update history of many devices' },
      },
      schema: {
        operationId: 'listUpdateHistory',
        tags,
        summary: 'Update history of devices',
        body: updateHistoryRequestSchema,
        response: { 200: updateHistoryAnswerSchema },
      },
    },
    async (request) => updateHistoryOf(db(), signedInUser(request), request.body),
  );

  routes.post(
    '/api/Updates/DevicesLastUpdate',
    {
      config: {
        access: { feature: 'SERIES.DETAILS.UPDATES' },
        audit: { none: 'a read: the last update of many devices' },
      },
      schema: {
        operationId: 'listDevicesLastUpdate',
        tags,
        summary:
          'The newest update of each device named (null when it has none); devices not visible are left out',
        body: devicesLastUpdateRequestSchema,
        response: { 200: devicesLastUpdateAnswerSchema },
      },
    },
    async (request) => lastUpdatesOf(db(), signedInUser(request), request.body.serialNumbers),
  );

  routes.get(
    '/api/Series/:serialNumber/components',
    {
      config: { access: { feature: 'SERIES.DETAILS.COMPONENTS' } },
      schema: {
        operationId: 'listSeriesComponents',
        tags,
        summary: "The device's components",
        params: serialParams,
        response: { 200: z.array(componentSchema) },
      },
    },
    async (request) => componentsOf(db(), signedInUser(request), request.params.serialNumber),
  );
  routes.post(
    '/api/Series/:serialNumber/components',
    {
      config: {
        access: { feature: 'SERIES.DETAILS.COMPONENTS', roles: ADD_COMPONENT_ROLES },
        audit: { actions: ['series.component'] },
      },
      schema: {
        operationId: 'addSeriesComponent',
        tags,
        summary: 'Adds a component (old super user, old administrator, support manager, administrator)',
        params: serialParams,
        body: componentBodySchema,
        response: { 201: componentSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await addComponent(db(), signedInUser(request), request.params.serialNumber, request.body)),
  );
  routes.patch(
    '/api/Series/:serialNumber/components/:id',
    {
      config: {
        access: { feature: 'SERIES.DETAILS.COMPONENTS', roles: COMPONENT_ACTION_ROLES },
        audit: { actions: ['series.component'] },
      },
      schema: {
        operationId: 'setSeriesComponentStatus',
        tags,
        summary: "Changes a component's status",
        params: componentParams,
        body: componentStatusBodySchema,
        response: { 200: componentSchema },
      },
    },
    async (request) =>
      setComponentStatus(
        db(),
        signedInUser(request),
        request.params.serialNumber,
        request.params.id,
        request.body.status,
      ),
  );
  routes.delete(
    '/api/Series/:serialNumber/components/:id',
    {
      config: {
        access: { feature: 'SERIES.DETAILS.COMPONENTS', roles: COMPONENT_ACTION_ROLES },
        audit: { actions: ['series.component'] },
      },
      schema: {
        operationId: 'removeSeriesComponent',
        tags,
        summary: 'Removes a component',
        params: componentParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeComponent(db(), signedInUser(request), request.params.serialNumber, request.params.id);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/api/Series/:serialNumber/locations',
    {
      config: { access: { feature: 'SERIES.DETAILS.GEOLOCATIONS' } },
      schema: {
        operationId: 'listSeriesLocations',
        tags,
        summary: 'Positions the device reported, newest first (at most 500)',
        params: serialParams,
        response: { 200: z.array(locationSchema) },
      },
    },
    async (request) => locationsOf(db(), signedInUser(request), request.params.serialNumber),
  );
  routes.get(
    '/api/Series/:serialNumber/configuration',
    {
      config: { access: { feature: 'SERIES.DETAILS.CONFIGURATION' } },
      schema: {
        operationId: 'getSeriesConfiguration',
        tags,
        summary: 'The configuration the device last reported (null if none)',
        params: serialParams,
        response: { 200: deviceConfigurationSchema },
      },
    },
    async (request) => configurationOf(db(), signedInUser(request), request.params.serialNumber),
  );
  routes.get(
    '/api/Series/:serialNumber/certificates',
    {
      config: { access: { feature: 'SERIES.DETAILS.CERTIFICATES' } },
      schema: {
        operationId: 'listSeriesCertificates',
        tags,
        summary: "The device's calibration certificates, newest first",
        params: serialParams,
        response: { 200: z.array(certificateEntrySchema) },
      },
    },
    async (request) => certificatesOf(db(), signedInUser(request), request.params.serialNumber),
  );
}
