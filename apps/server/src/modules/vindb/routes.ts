import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BATTERY_IMPORT,
  BATTERY_IMPORT_COLUMNS,
  FEATURE_CATALOGUE,
  VEHICLE_IMPORT,
  VEHICLE_IMPORT_COLUMNS,
  VINDB_IMPORT_MAX_BYTES,
  VINDB_IMPORT_MAX_ROWS,
  batteryBodySchema,
  batteryChangeSchema,
  batteryListAnswerSchema,
  batteryParamsSchema,
  batterySchema,
  vehicleBodySchema,
  vehicleChangeSchema,
  vehicleDetailSchema,
  vehicleListAnswerSchema,
  vehicleMakesAnswerSchema,
  vinParamsSchema,
} from '@fleet/contract';
import { listQuerySchema } from '../../lib/list-request.ts';
import { signedInUser } from '../../lib/request.ts';
import { tableImportRoutes } from '../table-imports/routes.ts';
import { listExportRoute } from '../tasks/list-export.ts';
import {
  BATTERY_QUERY,
  createBattery,
  deleteBattery,
  getBattery,
  listBatteries,
  updateBattery,
} from './batteries.ts';
import { batteryExportSource, vehicleExportSource } from './export.ts';
import { checkBatteryImport, checkVehicleImport, importBatteries, importVehicles } from './import.ts';
import { readBatteryFile, readVehicleFile, receiveVinDbFile } from './import-file.ts';
import {
  VEHICLE_QUERY,
  createVehicle,
  deleteVehicle,
  getVehicle,
  listVehicles,
  updateVehicle,
  vehicleMakes,
} from './vehicles.ts';

const tags = ['VIN database'];
/** An import writes records: it needs the create feature's roles as well as VINDB.IMPORT. */
const VEHICLE_WRITERS = FEATURE_CATALOGUE.get('VINDB.CAR.CREATE')!.roles;
const BATTERY_WRITERS = FEATURE_CATALOGUE.get('VINDB.BATTERY.CREATE')!.roles;
const fileOf = (columns: readonly string[]) =>
  `a CSV (comma or semicolon) or XLSX file of at most ${VINDB_IMPORT_MAX_ROWS} rows and ${VINDB_IMPORT_MAX_BYTES / 1024 / 1024} MB, its first row naming the columns among: ${columns.join(', ')}.`;
const ALL_OR_NONE =
  'Otherwise records of the same key are updated, the others created, in one transaction with their audit entries.';

/** The VIN database (docs/insights.md "VIN database"): vehicles by VIN, batteries by reference. */
export async function vinDbRoutes(
  app: FastifyInstance,
  options: { section: string; languages: readonly string[] },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  await app.register(multipart, { throwFileSizeLimit: false });

  routes.get(
    '/api/Vehicles',
    {
      config: { access: { feature: 'VINDB.CAR' } },
      schema: {
        operationId: 'listVehicles',
        tags,
        summary: 'Vehicles of the VIN database',
        querystring: listQuerySchema(VEHICLE_QUERY),
        response: { 200: vehicleListAnswerSchema },
      },
    },
    async (request) => listVehicles(db(), request.query),
  );
  routes.get(
    '/api/Vehicles/Makes',
    {
      config: { access: { feature: 'VINDB.CAR' } },
      schema: {
        operationId: 'listVehicleMakes',
        tags,
        summary: 'The makes recorded, for the make filter',
        response: { 200: vehicleMakesAnswerSchema },
      },
    },
    async () => vehicleMakes(db()),
  );
  routes.get(
    '/api/Vehicles/:vin',
    {
      config: { access: { feature: 'VINDB.CAR.DETAILS' } },
      schema: {
        operationId: 'getVehicle',
        tags,
        summary: 'One vehicle, with the battery it takes (404 when the VIN is not recorded)',
        params: vinParamsSchema,
        response: { 200: vehicleDetailSchema },
      },
    },
    async (request) => getVehicle(db(), request.params.vin),
  );
  routes.post(
    '/api/Vehicles',
    {
      config: { access: { feature: 'VINDB.CAR.CREATE' }, audit: { actions: ['vehicle.create'] } },
      schema: {
        operationId: 'createVehicle',
        tags,
        summary: 'Records a vehicle',
        description:
          'The VIN is upper-cased. Its check digit must be right for North American (1–5) and Chinese (L) VINs; elsewhere a wrong one is accepted and the answer says checkDigitValid: false. A battery reference must name a recorded battery. 409 when the VIN is recorded already.',
        body: vehicleBodySchema,
        response: { 201: vehicleDetailSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createVehicle(db(), signedInUser(request), request.body)),
  );
  routes.put(
    '/api/Vehicles/:vin',
    {
      config: { access: { feature: 'VINDB.CAR.CREATE' }, audit: { actions: ['vehicle.update'] } },
      schema: {
        operationId: 'updateVehicle',
        tags,
        summary: 'Changes a vehicle (its VIN stays)',
        params: vinParamsSchema,
        body: vehicleChangeSchema,
        response: { 200: vehicleDetailSchema },
      },
    },
    async (request) => updateVehicle(db(), signedInUser(request), request.params.vin, request.body),
  );
  routes.delete(
    '/api/Vehicles/:vin',
    {
      config: { access: { feature: 'VINDB.CAR.CREATE' }, audit: { actions: ['vehicle.delete'] } },
      schema: {
        operationId: 'deleteVehicle',
        tags,
        summary: 'Deletes a vehicle',
        params: vinParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteVehicle(db(), signedInUser(request), request.params.vin);
      return reply.status(204).send(null);
    },
  );
  tableImportRoutes(app, {
    path: '/api/Vehicles/Import',
    records: 'vehicles',
    operationIds: { preview: 'previewVehicleImport', check: 'checkVehicleImport', commit: 'importVehicles' },
    tags,
    access: { feature: 'VINDB.IMPORT' },
    writers: VEHICLE_WRITERS,
    audit: ['vehicle.create', 'vehicle.update'],
    schemas: VEHICLE_IMPORT,
    fileDescription: fileOf(VEHICLE_IMPORT_COLUMNS),
    commitDescription: ALL_OR_NONE,
    read: async (request) => readVehicleFile(await receiveVinDbFile(request)),
    check: (db, _user, rows) => checkVehicleImport(db, rows),
    commit: importVehicles,
  });
  listExportRoute(
    app,
    options,
    {
      path: '/api/Vehicles/Export',
      operationId: 'exportVehicles',
      tags,
      summary: 'Exports the vehicles the list shows (its filters) to a CSV or XLSX file, as a task',
      description:
        'Filters are the list filters of GET /api/Vehicles (Search, Make, Year, Battery); the file has the columns of a vehicles import.',
    },
    vehicleExportSource,
  );

  routes.get(
    '/api/Batteries',
    {
      config: { access: { feature: 'VINDB.BATTERY' } },
      schema: {
        operationId: 'listBatteries',
        tags,
        summary: 'Batteries of the VIN database',
        querystring: listQuerySchema(BATTERY_QUERY),
        response: { 200: batteryListAnswerSchema },
      },
    },
    async (request) => listBatteries(db(), request.query),
  );
  routes.get(
    '/api/Batteries/:reference',
    {
      config: { access: { feature: 'VINDB.BATTERY.DETAILS' } },
      schema: {
        operationId: 'getBattery',
        tags,
        summary: 'One battery, with the number of vehicles that name it',
        params: batteryParamsSchema,
        response: { 200: batterySchema },
      },
    },
    async (request) => getBattery(db(), request.params.reference),
  );
  routes.post(
    '/api/Batteries',
    {
      config: { access: { feature: 'VINDB.BATTERY.CREATE' }, audit: { actions: ['battery.create'] } },
      schema: {
        operationId: 'createBattery',
        tags,
        summary: 'Records a battery (409 when its reference is recorded already)',
        body: batteryBodySchema,
        response: { 201: batterySchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createBattery(db(), signedInUser(request), request.body)),
  );
  routes.put(
    '/api/Batteries/:reference',
    {
      config: { access: { feature: 'VINDB.BATTERY.CREATE' }, audit: { actions: ['battery.update'] } },
      schema: {
        operationId: 'updateBattery',
        tags,
        summary: 'Changes a battery (its reference stays)',
        params: batteryParamsSchema,
        body: batteryChangeSchema,
        response: { 200: batterySchema },
      },
    },
    async (request) => updateBattery(db(), signedInUser(request), request.params.reference, request.body),
  );
  routes.delete(
    '/api/Batteries/:reference',
    {
      config: { access: { feature: 'VINDB.BATTERY.CREATE' }, audit: { actions: ['battery.delete'] } },
      schema: {
        operationId: 'deleteBattery',
        tags,
        summary: 'Deletes a battery no vehicle names (409 otherwise)',
        params: batteryParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteBattery(db(), signedInUser(request), request.params.reference);
      return reply.status(204).send(null);
    },
  );
  tableImportRoutes(app, {
    path: '/api/Batteries/Import',
    records: 'batteries',
    operationIds: { preview: 'previewBatteryImport', check: 'checkBatteryImport', commit: 'importBatteries' },
    tags,
    access: { feature: 'VINDB.IMPORT' },
    writers: BATTERY_WRITERS,
    audit: ['battery.create', 'battery.update'],
    schemas: BATTERY_IMPORT,
    fileDescription: fileOf(BATTERY_IMPORT_COLUMNS),
    commitDescription: ALL_OR_NONE,
    read: async (request) => readBatteryFile(await receiveVinDbFile(request)),
    check: (db, _user, rows) => checkBatteryImport(db, rows),
    commit: importBatteries,
  });
  listExportRoute(
    app,
    options,
    {
      path: '/api/Batteries/Export',
      operationId: 'exportBatteries',
      tags,
      summary: 'Exports the batteries the list shows (its filters) to a CSV or XLSX file, as a task',
      description:
        'Filters are the list filters of GET /api/Batteries (Search, Chemistry); the file has the columns of a batteries import.',
    },
    batteryExportSource,
  );
}
