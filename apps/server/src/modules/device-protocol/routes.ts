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
import { HttpError, invalid } from '../../lib/errors.ts';
import { acceptDeviceJob, readJobReport } from '../jobs/device-jobs.ts';
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

  await app.register(deviceJobRoute);
}

/**
 * A job a device produced. Its body is read as text, so that a job the server cannot take, a body cut
 * off in transit included, is kept as a corrupted job with why (docs/company-tools.md); the same job
 * sent again is answered with the job already kept.
 */
async function deviceJobRoute(app: FastifyInstance) {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  const db = () => app.database.db;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/devices/jobs',
    {
      config: { access: 'device' },
      schema: {
        operationId: 'reportDeviceJob',
        tags,
        summary: 'The device produced a job (tags in data, at most 64 KiB)',
        description:
          'A job the server cannot accept (not JSON, cut off, or refused by field) is refused with a 400 naming the fields, and kept with the reason and the payload as a corrupted job. The same job sent again (same begin date, workflow, type, status, user and data) is answered 200 with the id of the job already kept.',
        consumes: ['application/json'],
        ownBody: jobReportSchema,
        response: { 200: jobReportAnswerSchema, 201: jobReportAnswerSchema },
      },
    },
    async (request, reply) => {
      const seriesId = request.device!.id;
      const payload = String(request.body ?? '');
      const read = readJobReport(payload);
      if ('problems' in read) {
        await keepCorruptedJob(db(), seriesId, payload, read.problems);
        throw invalid(read.problems);
      }
      try {
        const { id, created } = await acceptDeviceJob(db(), seriesId, read.job);
        return reply.status(created ? 201 : 200).send({ id: String(id) });
      } catch (error) {
        if (error instanceof HttpError && error.status === 400)
          await keepCorruptedJob(db(), seriesId, read.job, error.details as FieldIssue[]);
        throw error;
      }
    },
  );
}
