import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  DEVICE_CLOCK_WINDOW_MS,
  componentBodySchema,
  jobReportAnswerSchema,
  jobReportSchema,
  locationBodySchema,
  updateOffersAnswerSchema,
  updateReportSchema,
} from '@fleet/contract';
import { offersFor, recordUpdateReport } from '../updates/device-updates.ts';
import { badRequest } from '../../lib/errors.ts';
import { insertJobs } from '../jobs/store.ts';
import { components, connections, deviceConfigurations, locations, series } from '../../db/schema.ts';

const tags = ['device protocol'];
const accepted = { 204: z.null() };

/** What a device reports about itself, authenticated with its own key. */
export async function deviceProtocolRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;
  const device = (request: { device: { id: number } | null }) => request.device!;

  routes.post(
    '/api/devices/connections',
    {
      config: { access: 'device' },
      schema: {
        operationId: 'reportDeviceConnection',
        tags,
        summary: 'A user connected to the device',
        body: z.object({ username: z.string().trim().min(1).max(128) }),
        response: accepted,
      },
    },
    async (request, reply) => {
      await db()
        .insert(connections)
        .values({
          seriesId: device(request).id,
          connectionDate: new Date(),
          username: request.body.username,
        });
      return reply.status(204).send(null);
    },
  );

  routes.post(
    '/api/devices/locations',
    {
      config: { access: 'device' },
      schema: {
        operationId: 'reportDeviceLocation',
        tags,
        summary: 'The device reports its position',
        body: locationBodySchema,
        response: accepted,
      },
    },
    async (request, reply) => {
      const { latitude, longitude, accuracyMeters } = request.body;
      await db()
        .insert(locations)
        .values({
          seriesId: device(request).id,
          reportedAt: new Date(),
          latitude,
          longitude,
          accuracyMeters: accuracyMeters ?? null,
        });
      return reply.status(204).send(null);
    },
  );

  routes.put(
    '/api/devices/configuration',
    {
      config: { access: 'device' },
      schema: {
        operationId: 'reportDeviceConfiguration',
        tags,
        summary: 'The device reports its configuration (a JSON object)',
        body: z.record(z.string(), z.unknown()),
        response: accepted,
      },
    },
    async (request, reply) => {
      const row = { seriesId: device(request).id, reportedAt: new Date(), content: request.body };
      await db()
        .insert(deviceConfigurations)
        .values(row)
        .onConflictDoUpdate({
          target: deviceConfigurations.seriesId,
          set: { reportedAt: row.reportedAt, content: row.content },
        });
      return reply.status(204).send(null);
    },
  );

  routes.put(
    '/api/devices/components',
    {
      config: { access: 'device' },
      schema: {
        operationId: 'reportDeviceComponents',
        tags,
        summary: 'The device reports the components it is built of (replaces the list)',
        body: z.array(componentBodySchema).max(50),
        response: accepted,
      },
    },
    async (request, reply) => {
      const seriesId = device(request).id;
      await db().transaction(async (tx) => {
        await tx.delete(components).where(eq(components.seriesId, seriesId));
        if (request.body.length)
          await tx.insert(components).values(
            request.body.map((c) => ({
              seriesId,
              name: c.name,
              partNumber: c.partNumber ?? null,
              serialNumber: c.serialNumber ?? null,
              version: c.version ?? null,
              status: c.status,
            })),
          );
      });
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/api/devices/updates',
    {
      config: { access: 'device' },
      schema: {
        operationId: 'getDeviceUpdateOffers',
        tags,
        summary: 'The versions offered to the device now (a rollout’s, or early access), with signed links',
        response: { 200: updateOffersAnswerSchema },
      },
    },
    async (request) => ({ offers: await offersFor(db(), app.media, device(request).id) }),
  );

  routes.post(
    '/api/devices/updates',
    {
      config: { access: 'device' },
      schema: {
        operationId: 'reportDeviceUpdate',
        tags,
        summary: 'The device reports an update: started, progress, succeeded or failed',
        description:
          'Each attempt is one update history entry, kept current by its reports; succeeded moves the device ' +
          'to the version. The device checks the file’s SHA-256 before installing it: a mismatch is a failed report.',
        body: updateReportSchema,
        response: accepted,
      },
    },
    async (request, reply) => {
      const rolloutId = await recordUpdateReport(db(), device(request).id, request.body);
      if (rolloutId !== null) app.rolloutScheduler.stepSoon();
      return reply.status(204).send(null);
    },
  );

  routes.post(
    '/api/devices/jobs',
    {
      config: { access: 'device' },
      schema: {
        operationId: 'reportDeviceJob',
        tags,
        summary: 'The device produced a job (tags in data, at most 64 KiB)',
        body: jobReportSchema,
        response: { 201: jobReportAnswerSchema },
      },
    },
    async (request, reply) => {
      const job = request.body;
      const beginDate = new Date(job.beginDate);
      const now = new Date();
      if (beginDate.getTime() > now.getTime() + DEVICE_CLOCK_WINDOW_MS)
        throw badRequest('Invalid beginDate: in the future', [
          { field: 'body.beginDate', message: "is later than the server's time" },
        ]);
      const [owner] = await db()
        .select({ companyId: series.companyId, groupId: series.groupId, deviceType: series.deviceType })
        .from(series)
        .where(eq(series.id, device(request).id));
      const [id] = await insertJobs(db(), [
        {
          seriesId: device(request).id,
          companyId: owner!.companyId,
          groupId: owner!.groupId,
          deviceType: owner!.deviceType,
          workflow: job.workflow,
          jobType: job.jobType,
          jobStatus: job.jobStatus,
          synthetic: job.synthetic ?? false,
          beginDate,
          postedDate: now,
          userName: job.user ?? null,
          data: job.data,
          validCal: job.result.validCal,
          validChk: job.result.validChk,
          gresst: job.result.gresst ?? null,
        },
      ]);
      return reply.status(201).send({ id: String(id) });
    },
  );
}
