import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deviceHeartbeatAnswerSchema,
  heartbeatStatusMapSchema,
  heartbeatStatusSchema,
  serialNumberListSchema,
} from '@fleet/contract';
import { signedInUser } from '../../lib/request.ts';
import { pendingConfigurationOf } from '../configuration/desired.ts';
import { heartbeatOf, heartbeatStatuses, type HeartbeatContext } from './service.ts';

export async function heartbeatRoutes(app: FastifyInstance) {
  const recorder = app.heartbeatRecorder;
  const context = (): HeartbeatContext => ({
    db: app.database.db,
    recorder,
    aliveSeconds: app.config.heartbeatAliveSeconds,
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/HeartBeat/:serialNumber',
    {
      config: { access: { feature: 'SERIES.LIST' } },
      schema: {
        operationId: 'getHeartbeat',
        tags: ['heartbeat'],
        summary: "A device's online status and last heartbeat (year 0001: never connected)",
        params: z.object({ serialNumber: z.string().min(1).max(32) }),
        response: { 200: heartbeatStatusSchema },
      },
    },
    async (request) => heartbeatOf(context(), signedInUser(request), request.params.serialNumber),
  );

  routes.post(
    '/api/HeartBeat/status',
    {
      config: {
        access: { feature: 'SERIES.LIST' },
        audit: { none: 'a read: the heartbeats of many devices' },
      },
      schema: {
        operationId: 'getHeartbeatStatuses',
        tags: ['heartbeat'],
        summary:
          'Online status of up to 100 devices, by serial number; devices the user may not see are left out',
        body: serialNumberListSchema,
        response: { 200: heartbeatStatusMapSchema },
      },
    },
    async (request) => heartbeatStatuses(context(), signedInUser(request), request.body),
  );

  routes.post(
    '/api/devices/heartbeat',
    {
      config: { access: 'device' },
      schema: {
        operationId: 'reportDeviceHeartbeat',
        tags: ['device protocol'],
        summary:
          'A device says it is alive; the answer carries the configuration set for it until it reports it',
        response: { 200: deviceHeartbeatAnswerSchema },
      },
    },
    async (request) => {
      recorder.record(request.device!.id);
      const configuration = await pendingConfigurationOf(app.database.db, request.device!.id);
      return {
        serverTime: new Date().toISOString(),
        nextHeartbeatSeconds: Math.max(5, Math.floor(app.config.heartbeatAliveSeconds / 4)),
        ...(configuration ? { configuration } : {}),
      };
    },
  );
}
