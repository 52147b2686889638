import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  MAX_WAVES,
  ROLLOUT_DEVICE_STATES,
  ROLLOUT_DEVICE_SORT_COLUMNS,
  ROLLOUT_SORT_COLUMNS,
  ROLLOUT_STATES,
  SORT_ORDERS,
  deviceTypeNameSchema,
  idParamSchema,
  rolloutActionSchema,
  rolloutDeviceListAnswerSchema,
  rolloutListAnswerSchema,
  rolloutPreviewSchema,
  rolloutRequestSchema,
  rolloutSchema,
} from '@fleet/contract';
import { ListQuery, listQuerySchema, type QueryParameter } from '../../lib/list-request.ts';
import { signedInUser } from '../../lib/request.ts';
import {
  actOnRollout,
  getRollout,
  listRollouts,
  previewRollout,
  rolloutDevicesOf,
  startRollout,
} from './rollouts.ts';

const tags = ['updates'];
const sorting = (columns: readonly string[]): QueryParameter[] => [
  { name: 'SortColumnName', description: `Sort column (default ${columns[0]}).`, values: columns },
  { name: 'SortOrder', description: 'ASC or DESC.', values: SORT_ORDERS },
];
const PAGING: readonly QueryParameter[] = [
  {
    name: 'PageSize',
    description: `Rows per page: 10, 20, 40, 60, 80 or 100 (default ${DEFAULT_PAGE_SIZE}).`,
    integer: true,
  },
  { name: 'PageNumber', description: 'Page to answer, from 1 (default 1).', integer: true },
];
const LIST_QUERY: readonly QueryParameter[] = [
  { name: 'DeviceType', description: 'Rollouts of this device type only.' },
  { name: 'State', description: 'Rollouts in these states only.', values: ROLLOUT_STATES, repeatable: true },
  ...sorting(ROLLOUT_SORT_COLUMNS),
  ...PAGING,
];
const DEVICE_QUERY: readonly QueryParameter[] = [
  { name: 'Wave', description: `Devices of this wave only (1 to ${MAX_WAVES}).`, integer: true },
  {
    name: 'State',
    description: 'Devices in these states only.',
    values: ROLLOUT_DEVICE_STATES,
    repeatable: true,
  },
  ...sorting(ROLLOUT_DEVICE_SORT_COLUMNS),
  ...PAGING,
];
const idParams = z.object({ id: idParamSchema });

/** Rollouts: a version sent to devices in waves (docs/versions.md). */
export async function rolloutRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  routes.get(
    '/api/Updates/rollouts',
    {
      config: { access: { feature: 'VERSIONS' } },
      schema: {
        operationId: 'listRollouts',
        tags,
        summary: 'Rollouts, newest first, with the progress of each wave',
        querystring: listQuerySchema(LIST_QUERY),
        response: { 200: rolloutListAnswerSchema },
      },
    },
    async (request) => {
      const query = new ListQuery(request.query, LIST_QUERY);
      const type = query.one('DeviceType');
      const parsedType = type === undefined ? undefined : deviceTypeNameSchema.safeParse(type);
      if (parsedType && !parsedType.success) query.problem('DeviceType', 'must be a device type');
      const states = query.choices('State', ROLLOUT_STATES);
      query.choices('SortColumnName', ROLLOUT_SORT_COLUMNS);
      const [order = 'DESC'] = query.choices('SortOrder', SORT_ORDERS);
      const pageSize = query.pageSize(DEFAULT_PAGE_SIZE);
      const pageNumber = query.positiveInteger('PageNumber') ?? 1;
      query.check();
      return listRollouts(db(), {
        ...(parsedType?.success ? { deviceType: parsedType.data } : {}),
        states,
        order,
        pageSize,
        pageNumber,
      });
    },
  );

  routes.post(
    '/api/Updates/rollouts/preview',
    {
      config: {
        access: { feature: 'VERSIONS.EAPONSPECIFIED' },
        audit: { none: 'a read: the devices a rollout would reach' },
      },
      schema: {
        operationId: 'previewRollout',
        tags,
        summary: 'What a rollout would do: its devices and the size of each wave, nothing started',
        body: rolloutRequestSchema,
        response: { 200: rolloutPreviewSchema },
      },
    },
    async (request) => previewRollout(db(), request.body),
  );

  routes.post(
    '/api/Updates/rollouts',
    {
      config: {
        access: { feature: 'VERSIONS.EAPONSPECIFIED' },
        audit: { actions: ['rollout.start'] },
      },
      schema: {
        operationId: 'startRollout',
        tags,
        summary: 'Starts a rollout: early-access devices first, then waves of the rest',
        description:
          'One running or paused rollout per device type and kind (409 otherwise). The first wave is offered at ' +
          'once; each next wave when the previous one ended under the failure threshold.',
        body: rolloutRequestSchema,
        response: { 201: rolloutSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await startRollout(db(), signedInUser(request), request.body)),
  );

  routes.get(
    '/api/Updates/rollouts/:id',
    {
      config: { access: { feature: 'VERSIONS' } },
      schema: {
        operationId: 'getRollout',
        tags,
        summary: 'One rollout with the progress of each wave',
        params: idParams,
        response: { 200: rolloutSchema },
      },
    },
    async (request) => getRollout(db(), request.params.id),
  );

  routes.get(
    '/api/Updates/rollouts/:id/devices',
    {
      config: { access: { feature: 'VERSIONS' } },
      schema: {
        operationId: 'listRolloutDevices',
        tags,
        summary: 'The devices of a rollout, by wave, with where each one is',
        params: idParams,
        querystring: listQuerySchema(DEVICE_QUERY),
        response: { 200: rolloutDeviceListAnswerSchema },
      },
    },
    async (request) => {
      const query = new ListQuery(request.query, DEVICE_QUERY);
      const wave = query.positiveInteger('Wave');
      if (wave !== undefined && wave > MAX_WAVES) query.problem('Wave', `must be from 1 to ${MAX_WAVES}`);
      const states = query.choices('State', ROLLOUT_DEVICE_STATES);
      const [sort = 'Wave'] = query.choices('SortColumnName', ROLLOUT_DEVICE_SORT_COLUMNS);
      const [order = 'ASC'] = query.choices('SortOrder', SORT_ORDERS);
      const pageSize = query.pageSize(DEFAULT_PAGE_SIZE);
      const pageNumber = query.positiveInteger('PageNumber') ?? 1;
      query.check();
      return rolloutDevicesOf(db(), request.params.id, {
        ...(wave === undefined ? {} : { wave }),
        states,
        sort,
        order,
        pageSize,
        pageNumber,
      });
    },
  );

  const ACTIONS = {
    pause: ['pauseRollout', 'Pauses a running rollout: nothing new is offered, updates under way go on'],
    resume: ['resumeRollout', 'Resumes a paused rollout; its wave’s window does not count the pause'],
    cancel: ['cancelRollout', 'Cancels a running or paused rollout for good'],
  } as const;
  for (const action of rolloutActionSchema.options)
    routes.post(
      `/api/Updates/rollouts/:id/${action}`,
      {
        config: {
          access: { feature: 'VERSIONS.EAPONSPECIFIED' },
          audit: { actions: [`rollout.${action}`] },
        },
        schema: {
          operationId: ACTIONS[action][0],
          tags,
          summary: `${ACTIONS[action][1]} (409 when its state does not allow it)`,
          params: idParams,
          response: { 200: rolloutSchema },
        },
      },
      async (request) => actOnRollout(db(), signedInUser(request), request.params.id, action),
    );
}
