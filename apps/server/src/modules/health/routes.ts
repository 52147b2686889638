import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { seedProgress } from '../../db/seed-progress.ts';
import { withinTime } from '../../lib/within-time.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']),
  database: z.enum(['ready', 'unavailable']),
  heartbeats: z.object({
    status: z.enum(['ok', 'behind']),
    pending: z.number().int(),
    oldestPendingSeconds: z.number(),
    lastWriteAt: z.string().nullable(),
    failingSince: z.string().nullable(),
    dropped: z.number().int(),
  }),
  uptimeSeconds: z.number(),
  /** True while a demo server writes its fleet's jobs and their graphs and pictures (a first start). */
  seeding: z.boolean(),
});

/** A database that does not answer a ping within this time is reported unavailable. */
const PING_TIMEOUT_MS = 3000;

const databaseAnswers = (app: FastifyInstance) =>
  withinTime(
    app.database.ping().then(() => true),
    PING_TIMEOUT_MS,
    false,
  );

const liveSchema = z.object({ status: z.literal('live'), uptimeSeconds: z.number() });

const readySchema = z.object({
  status: z.enum(['ready', 'stopping', 'database-unavailable']),
  message: z.string(),
});

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operations'],
        operationId: 'getHealth',
        summary: 'Liveness, database readiness and whether heartbeats are being written',
        description:
          '503 when the database does not answer within 3 s. 200 with status `degraded` when heartbeats wait more than 5 s to be written (the database refuses writes): they are kept and written once it accepts them again.',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const ready = await databaseAnswers(app);
      const recorder = app.heartbeatRecorder.status();
      const answer = {
        status: !ready ? 'unavailable' : recorder.behind ? 'degraded' : 'ok',
        database: ready ? 'ready' : 'unavailable',
        heartbeats: {
          status: recorder.behind ? 'behind' : 'ok',
          pending: recorder.pending,
          oldestPendingSeconds: Math.round(recorder.oldestPendingMs / 100) / 10,
          lastWriteAt: recorder.lastWriteAt?.toISOString() ?? null,
          failingSince: recorder.failingSince?.toISOString() ?? null,
          dropped: recorder.dropped,
        },
        uptimeSeconds: Math.round(process.uptime()),
        seeding: seedProgress.writingJobs,
      } as const;
      return reply.status(ready ? 200 : 503).send(answer);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health/live',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operations'],
        operationId: 'getLiveness',
        summary: 'Whether the process answers (a proxy or supervisor restarts it otherwise)',
        description: 'Always 200 while the process runs: it looks at nothing else, not even the database.',
        response: { 200: liveSchema },
      },
    },
    async () => ({ status: 'live' as const, uptimeSeconds: Math.round(process.uptime()) }),
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operations'],
        operationId: 'getReadiness',
        summary: 'Whether this node should be sent requests',
        description:
          '200 when the database answers within 3 s and the node is not stopping. 503 otherwise, saying why: a stopping node answers 503 for SHUTDOWN_DRAIN_SECONDS before it closes, so that a proxy stops sending it requests first.',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      if (app.stopping)
        return reply
          .status(503)
          .send({ status: 'stopping', message: 'This node is stopping: send requests to another one' });
      if (!(await databaseAnswers(app)))
        return reply.status(503).send({
          status: 'database-unavailable',
          message: `The database did not answer within ${PING_TIMEOUT_MS / 1000} s`,
        });
      return reply.send({ status: 'ready', message: 'This node takes requests' });
    },
  );
}
