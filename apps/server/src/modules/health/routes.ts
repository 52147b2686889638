import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['ready', 'unavailable']),
  uptimeSeconds: z.number(),
});

export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operations'],
        summary: 'Liveness and database readiness',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const ready = await app.database.ping().then(
        () => true,
        () => false,
      );
      const uptimeSeconds = Math.round(process.uptime());
      if (!ready)
        return reply.status(503).send({ status: 'unavailable', database: 'unavailable', uptimeSeconds });
      return { status: 'ok', database: 'ready', uptimeSeconds } as const;
    },
  );
}
