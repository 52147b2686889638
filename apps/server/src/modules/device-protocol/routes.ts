import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  type FieldIssue,
  componentBodySchema,
  jobReportAnswerSchema,
  jobReportSchema,
  locationBodySchema,
  updateOffersAnswerSchema,
  updateReportSchema,
} from '@fleet/contract';
import { offersFor, recordUpdateReport } from '../updates/device-updates.ts';
import { HttpError } from '../../lib/errors.ts';
import { fieldIssues } from '../../plugins/errors.ts';
import { acceptDeviceJob } from '../jobs/device-jobs.ts';
import { keepCorruptedJob } from '../corrupted-jobs/service.ts';
import { components, connections, deviceConfigurations, locations } from '../../db/schema.ts';

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
      // A job refused is kept for staff to fix (docs/company-tools.md): the handler sees the refusal.
      attachValidation: true,
      schema: {
        operationId: 'reportDeviceJob',
        tags,
        summary: 'The device produced a job (tags in data, at most 64 KiB)',
        description:
          'A job the server cannot accept is refused with a 400 naming the fields, and kept with the reason and the payload as a corrupted job.',
        body: jobReportSchema,
        response: { 201: jobReportAnswerSchema },
      },
    },
    async (request, reply) => {
      const seriesId = device(request).id;
      if (request.validationError) {
        await keepCorruptedJob(db(), seriesId, request.body, fieldIssues(request.validationError));
        throw request.validationError;
      }
      try {
        const id = await acceptDeviceJob(db(), seriesId, request.body);
        return reply.status(201).send({ id: String(id) });
      } catch (error) {
        if (error instanceof HttpError && error.status === 400)
          await keepCorruptedJob(db(), seriesId, request.body, error.details as FieldIssue[]);
        throw error;
      }
    },
  );
}
