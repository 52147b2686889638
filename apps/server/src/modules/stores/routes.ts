import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEVICE_ACTION_RULES,
  NO_STORE_OR_GROUP_MESSAGE,
  storeAttachmentBodySchema,
  storeBodySchema,
  storeCodeSchema,
  storeDeviceListAnswerSchema,
  storeListAnswerSchema,
  storeSchema,
  seriesDetailSchema,
  idParamSchema,
  FEATURE_CATALOGUE,
  STORE_IMPORT_COLUMNS,
  STORE_IMPORT_MAX_BYTES,
  STORE_IMPORT_MAX_ROWS,
  storeImportAnswerSchema,
  storeImportBodySchema,
  storeImportPreviewSchema,
} from '@fleet/contract';
import { listExportRoute } from '../tasks/list-export.ts';
import { storeExportSource } from './export.ts';
import { checkStoreImport, importStores } from './import.ts';
import { readStoreFile, receiveStoreFile } from './import-file.ts';
import { listQuerySchema } from '../../lib/list-request.ts';
import { signedInUser } from '../../lib/request.ts';
import { tableImportRoutes } from '../table-imports/routes.ts';
import {
  STORE_DEVICE_QUERY,
  STORE_QUERY,
  storeDevices,
  attachDevice,
  createStore,
  deleteStore,
  detachDevice,
  getStore,
  listStores,
  updateStore,
} from './service.ts';

const idParams = z.object({ id: idParamSchema });
const deviceParams = z.object({ serialNumber: z.string().min(1).max(32) });
const tags = ['stores'];
/** Spec §6: who may attach a device to a store, or change or remove it. */
const EDIT_STORE_ROLES = DEVICE_ACTION_RULES.editStore.roles;
/** An import writes stores: it needs STORES.EDIT's roles as well as STORES.IMPORT. */
const IMPORT_ROLES = FEATURE_CATALOGUE.get('STORES.EDIT')!.roles;
const IMPORT_FILE = `A CSV (comma or semicolon) or XLSX file of at most ${STORE_IMPORT_MAX_ROWS} stores and ${STORE_IMPORT_MAX_BYTES / 1024 / 1024} MB, its first row naming the columns among: ${STORE_IMPORT_COLUMNS.join(', ')}.`;

export async function storeRoutes(
  app: FastifyInstance,
  options: { section: string; languages: readonly string[] },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  await app.register(multipart, { throwFileSizeLimit: false });

  routes.get(
    '/api/Store',
    {
      config: { access: { feature: 'STORES' } },
      schema: {
        operationId: 'listStores',
        tags,
        summary: 'Stores (customers: their company only)',
        querystring: listQuerySchema(STORE_QUERY),
        response: { 200: storeListAnswerSchema },
      },
    },
    async (request) => listStores(db(), signedInUser(request), request.query),
  );
  routes.get(
    '/api/Store/:id',
    {
      config: { access: { feature: 'STORES' } },
      schema: {
        operationId: 'getStore',
        tags,
        summary: 'One store',
        params: idParams,
        response: { 200: storeSchema },
      },
    },
    async (request) => getStore(db(), signedInUser(request), request.params.id),
  );
  routes.get(
    '/api/Store/:id/devices',
    {
      config: { access: { feature: 'STORES' } },
      schema: {
        operationId: 'listStoreDevices',
        tags,
        summary: 'The devices attached to a store, by serial number',
        params: idParams,
        querystring: listQuerySchema(STORE_DEVICE_QUERY),
        response: { 200: storeDeviceListAnswerSchema },
      },
    },
    async (request) => storeDevices(db(), signedInUser(request), request.params.id, request.query),
  );
  routes.post(
    '/api/Store',
    {
      config: {
        access: { feature: 'STORES.EDIT' },
        audit: { actions: ['store.create'] },
      },
      schema: {
        operationId: 'createStore',
        tags,
        summary: 'Creates a store (a customer: for their own company)',
        body: storeBodySchema,
        response: { 201: storeSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createStore(db(), signedInUser(request), request.body)),
  );
  routes.put(
    '/api/Store/:id',
    {
      config: {
        access: { feature: 'STORES.EDIT' },
        audit: { actions: ['store.update'] },
      },
      schema: {
        operationId: 'updateStore',
        tags,
        summary: 'Changes a store; its devices show the new codes',
        params: idParams,
        body: storeBodySchema,
        response: { 200: storeSchema },
      },
    },
    async (request) => updateStore(db(), signedInUser(request), request.params.id, request.body),
  );
  routes.delete(
    '/api/Store/:id',
    {
      config: {
        access: { feature: 'STORES.EDIT' },
        audit: { actions: ['store.delete'] },
      },
      schema: {
        operationId: 'deleteStore',
        tags,
        summary: 'Deletes a store without devices (409 otherwise: archive it instead)',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteStore(db(), signedInUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  tableImportRoutes(app, {
    path: '/api/Store/Import',
    records: 'stores',
    operationIds: { preview: 'previewStoreImport', check: 'checkStoreImport', commit: 'importStores' },
    tags,
    access: { feature: 'STORES.IMPORT' },
    writers: IMPORT_ROLES,
    audit: ['store.create', 'store.update'],
    schemas: {
      preview: storeImportPreviewSchema,
      body: storeImportBodySchema,
      answer: storeImportAnswerSchema,
    },
    fileDescription: IMPORT_FILE,
    commitDescription:
      'Otherwise stores of the same company and code are updated, the others created, in one transaction with their audit entries.',
    read: async (request) => readStoreFile(await receiveStoreFile(request)),
    check: checkStoreImport,
    commit: importStores,
  });
  listExportRoute(
    app,
    options,
    {
      path: '/api/Store/Export',
      operationId: 'exportStores',
      tags,
      summary: 'Exports the stores the list shows (its filters and scope) to a CSV or XLSX file, as a task',
      description:
        'Filters are the list filters of GET /api/Store (Search, StoreStatus, Company, Group); the file has the columns of a stores import.',
    },
    storeExportSource,
  );
  routes.post(
    '/api/Store/:id/store/:serialNumber',
    {
      config: {
        access: { feature: 'STORES.EDIT', roles: EDIT_STORE_ROLES },
        audit: { actions: ['series.store'] },
      },
      schema: {
        operationId: 'attachSeriesToStore',
        tags,
        summary: 'Attaches a device to this store',
        params: idParams.extend(deviceParams.shape),
        response: { 200: seriesDetailSchema },
      },
    },
    async (request) => {
      const store = await getStore(db(), signedInUser(request), request.params.id);
      return attachDevice(db(), signedInUser(request), request.params.serialNumber, {
        storeCode: store.officialStoreCode,
      });
    },
  );
  routes.delete(
    '/api/Store/:id/store/:serialNumber',
    {
      config: {
        access: { feature: 'STORES.EDIT', roles: EDIT_STORE_ROLES },
        audit: { actions: ['series.store'] },
      },
      schema: {
        operationId: 'detachSeriesFromStore',
        tags,
        summary: 'Detaches a device from this store',
        params: idParams.extend(deviceParams.shape),
        response: { 200: seriesDetailSchema },
      },
    },
    async (request) => {
      const store = await getStore(db(), signedInUser(request), request.params.id);
      return detachDevice(db(), signedInUser(request), request.params.serialNumber, store.officialStoreCode);
    },
  );

  routes.post(
    '/api/Series/:serialNumber/store',
    {
      config: {
        access: { feature: 'SERIES.DETAILS', roles: EDIT_STORE_ROLES },
        audit: { actions: ['series.store'] },
      },
      schema: {
        operationId: 'setSeriesStore',
        tags: ['series actions'],
        summary: 'Attaches the device to the store with this code, or changes its store code',
        description: `400 "${NO_STORE_OR_GROUP_MESSAGE}" when no such store exists for the device.`,
        params: deviceParams,
        body: storeAttachmentBodySchema,
        response: { 200: seriesDetailSchema },
      },
    },
    async (request) => attachDevice(db(), signedInUser(request), request.params.serialNumber, request.body),
  );
  routes.delete(
    '/api/Series/:serialNumber/store',
    {
      config: {
        access: { feature: 'SERIES.DETAILS', roles: EDIT_STORE_ROLES },
        audit: { actions: ['series.store'] },
      },
      schema: {
        operationId: 'removeSeriesStore',
        tags: ['series actions'],
        summary: 'Detaches the device from its store',
        params: deviceParams,
        querystring: z.object({ officialStoreCode: storeCodeSchema }),
        response: { 200: seriesDetailSchema },
      },
    },
    async (request) =>
      detachDevice(db(), signedInUser(request), request.params.serialNumber, request.query.officialStoreCode),
  );
}
