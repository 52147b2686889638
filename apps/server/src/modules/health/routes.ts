import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { seedProgress } from '../../db/seed-progress.ts';

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
  /** True while a first start writes the demo fleet's jobs, after it began answering. */
  seeding: z.boolean(),
});

/** A database that does not answer a ping within this time is reported unavailable. */
const PING_TIMEOUT_MS = 3000;

async function answersWithin(ping: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      ping.then(
        () => true,
        () => false,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

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
      const ready = await answersWithin(app.database.ping(), PING_TIMEOUT_MS);
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
}
