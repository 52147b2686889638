import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  configuredDeviceListSchema,
  desiredConfigurationBodySchema,
  deviceConfigurationStateSchema,
  groupConfigurationListSchema,
  idParamSchema,
  migrationPreviewAnswerSchema,
  migrationPreviewSchema,
  migrationRequestSchema,
  partNumberDescriptionSchema,
  partNumberListAnswerSchema,
  rightsUserListAnswerSchema,
  rightsUserSchema,
  taskRequestAnswerSchema,
  taskStartAccess,
  userPlacementBodySchema,
} from '@fleet/contract';
import { z } from 'zod';
import { describePartNumber, listPartNumbers } from './part-numbers.ts';
import { listQuerySchema } from '../../lib/list-request.ts';
import { acceptedLanguages, signedInUser } from '../../lib/request.ts';
import { exportLocaleOf } from '../tasks/list-export.ts';
import { migrationHandler, previewMigration, requestMigration } from './migration.ts';
import { RIGHTS_USER_QUERY, listRightsUsers, placeUser } from '../rights/service.ts';
import {
  CONFIGURED_DEVICE_QUERY,
  deviceConfigurationState,
  listConfiguredDevices,
  listGroupConfigurations,
  setDeviceConfiguration,
  setGroupConfiguration,
} from './desired.ts';

const tags = ['configuration'];
const pageQuery = z
  .object({
    Search: z.string().trim().max(100).optional(),
    PageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  })
  .strict();
const serialParams = z.object({ serialNumber: z.string().min(1).max(32) });
const groupParams = z.object({ id: idParamSchema });

/** Configuration (docs/company-tools.md): the migration of devices to another company or group. */
export async function configurationRoutes(
  app: FastifyInstance,
  options: { section: string; languages: readonly string[] },
) {
  app.taskQueue.handle('series-migration', migrationHandler(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const aliveSince = () => new Date(Date.now() - app.config.heartbeatAliveSeconds * 1000);
  routes.get(
    '/api/Configuration/PartNumbers',
    {
      config: { access: { feature: 'CONFIGURATION.PARTNUMBERS' } },
      schema: {
        operationId: 'listPartNumbers',
        tags,
        summary:
          'The part numbers the devices carry, with their types, makers, device counts and serial ranges',
        querystring: pageQuery,
        response: { 200: partNumberListAnswerSchema },
      },
    },
    async (request) => listPartNumbers(app.database.db, request.query.Search, request.query.PageNumber),
  );
  routes.put(
    '/api/Configuration/PartNumbers/:partNumber',
    {
      config: {
        access: { feature: 'CONFIGURATION.PARTNUMBERS' },
        audit: { actions: ['part-number.update'] },
      },
      schema: {
        operationId: 'describePartNumber',
        tags,
        summary: 'Sets the description of a part number a device or serial range has (empty clears it)',
        params: z.object({
          partNumber: z
            .string()
            .max(10)
            .regex(/^[A-Z0-9]{10}$/, 'must be 10 letters or digits'),
        }),
        body: partNumberDescriptionSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await describePartNumber(
        app.database.db,
        signedInUser(request),
        request.params.partNumber,
        request.body.description,
      );
      return reply.status(204).send(null);
    },
  );
  desiredConfigurationRoutes(app);
  userPlacementRoutes(app);
  routes.post(
    '/api/Configuration/Migration/Preview',
    {
      config: { access: { feature: 'CONFIGURATION.MIGRATION' }, audit: { none: 'a preview writes nothing' } },
      schema: {
        operationId: 'previewMigration',
        tags,
        summary: 'How many devices the devices list’s filters match, and the first 20, before moving them',
        body: migrationPreviewSchema,
        response: { 200: migrationPreviewAnswerSchema },
      },
    },
    async (request) => previewMigration(app.database.db, signedInUser(request), request.body, aliveSince()),
  );
  routes.post(
    '/api/Configuration/Migration',
    {
      config: {
        access: taskStartAccess('series-migration'),
        audit: { actions: ['series.migrate'] },
      },
      schema: {
        operationId: 'migrateDevices',
        tags,
        summary: 'Moves the devices of the filters to another company and/or group, as a task',
        description:
          'confirmCount is the count the user confirmed: a 409 when the filters now match another number. The task moves 500 devices a transaction, each with its audit entry (series.migrate), and its file lists the devices moved.',
        body: migrationRequestSchema,
        response: { 202: taskRequestAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const locale = await exportLocaleOf(
        app.database.db,
        user,
        acceptedLanguages(request.headers['accept-language']),
        options,
      );
      return reply.status(202).send(await requestMigration(app, user, request.body, aliveSince(), locale));
    },
  );
}

/** Desired configurations of devices and groups, sent to the devices with their heartbeat answers. */
function desiredConfigurationRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  routes.get(
    '/api/Configuration/Devices',
    {
      config: { access: { feature: 'CONFIGURATION.DEVICES' } },
      schema: {
        operationId: 'listConfiguredDevices',
        tags,
        summary: 'Devices with a desired configuration of their own, latest first',
        querystring: listQuerySchema(CONFIGURED_DEVICE_QUERY),
        response: { 200: configuredDeviceListSchema },
      },
    },
    async (request) => listConfiguredDevices(db(), signedInUser(request), request.query),
  );
  routes.get(
    '/api/Configuration/Devices/:serialNumber',
    {
      config: { access: { feature: 'CONFIGURATION.DEVICES' } },
      schema: {
        operationId: 'getDeviceConfigurationState',
        tags,
        summary: 'A device’s reported and desired configuration, and the settings that differ',
        params: serialParams,
        response: { 200: deviceConfigurationStateSchema },
      },
    },
    async (request) => deviceConfigurationState(db(), signedInUser(request), request.params.serialNumber),
  );
  routes.put(
    '/api/Configuration/Devices/:serialNumber',
    {
      config: { access: { feature: 'CONFIGURATION.DEVICES' }, audit: { actions: ['series.configuration'] } },
      schema: {
        operationId: 'setDeviceConfiguration',
        tags,
        summary: 'Sets the settings a device is sent with its heartbeat answers until it reports them',
        description: 'content: a JSON object of at most 64 KiB, 8 levels deep; it replaces the device’s own.',
        params: serialParams,
        body: desiredConfigurationBodySchema,
        response: { 200: deviceConfigurationStateSchema },
      },
    },
    async (request) =>
      setDeviceConfiguration(db(), signedInUser(request), request.params.serialNumber, request.body.content),
  );
  routes.delete(
    '/api/Configuration/Devices/:serialNumber',
    {
      config: { access: { feature: 'CONFIGURATION.DEVICES' }, audit: { actions: ['series.configuration'] } },
      schema: {
        operationId: 'clearDeviceConfiguration',
        tags,
        summary: 'Removes a device’s own desired configuration (its group’s still applies)',
        params: serialParams,
        response: { 200: deviceConfigurationStateSchema },
      },
    },
    async (request) => setDeviceConfiguration(db(), signedInUser(request), request.params.serialNumber, null),
  );
  routes.get(
    '/api/Configuration/Groups',
    {
      config: { access: { feature: 'CONFIGURATION.GROUPS' } },
      schema: {
        operationId: 'listGroupConfigurations',
        tags,
        summary: 'The device groups with their device and store counts and desired configurations',
        response: { 200: groupConfigurationListSchema },
      },
    },
    async () => listGroupConfigurations(db()),
  );
  routes.put(
    '/api/Configuration/Groups/:id',
    {
      config: {
        access: { feature: 'CONFIGURATION.GROUPS' },
        audit: { actions: ['device-group.configuration'] },
      },
      schema: {
        operationId: 'setGroupConfiguration',
        tags,
        summary: 'Sets the settings every device of the group is sent; a device’s own settings win',
        params: groupParams,
        body: desiredConfigurationBodySchema,
        response: { 200: groupConfigurationListSchema },
      },
    },
    async (request) =>
      setGroupConfiguration(db(), signedInUser(request), request.params.id, request.body.content),
  );
  routes.delete(
    '/api/Configuration/Groups/:id',
    {
      config: {
        access: { feature: 'CONFIGURATION.GROUPS' },
        audit: { actions: ['device-group.configuration'] },
      },
      schema: {
        operationId: 'clearGroupConfiguration',
        tags,
        summary: 'Removes a group’s desired configuration',
        params: groupParams,
        response: { 200: groupConfigurationListSchema },
      },
    },
    async (request) => setGroupConfiguration(db(), signedInUser(request), request.params.id, null),
  );
}

/** Users moved between companies and groups, roles untouched: rights management's list and rules. */
function userPlacementRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  routes.get(
    '/api/Configuration/Users',
    {
      config: { access: { feature: 'CONFIGURATION.USERS' } },
      schema: {
        operationId: 'listConfigurationUsers',
        tags,
        summary: 'Users with their company and groups, searched and filtered as in rights management',
        querystring: listQuerySchema(RIGHTS_USER_QUERY),
        response: { 200: rightsUserListAnswerSchema },
      },
    },
    async (request) => listRightsUsers(db(), request.query),
  );
  routes.put(
    '/api/Configuration/Users/:id',
    {
      config: { access: { feature: 'CONFIGURATION.USERS' }, audit: { actions: ['user.rights'] } },
      schema: {
        operationId: 'placeUser',
        tags,
        summary: 'Moves a user to another company and/or groups, their roles untouched',
        description:
          'The rules of rights management: roles must fit the kind of the new company (400); only an administrator moves a holder of administrator-class rights (403).',
        params: z.object({ id: z.string().max(64) }),
        body: userPlacementBodySchema,
        response: { 200: rightsUserSchema },
      },
    },
    async (request) => {
      const { user, changed } = await placeUser(db(), signedInUser(request), request.params.id, request.body);
      if (changed) app.forgetUserEverywhere(user.id);
      return user;
    },
  );
}
