import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@fleet/contract';
import { METRICS_PATH } from './metrics-plugin.ts';
import { metricsRefusal } from './access.ts';

/** GET /api/metrics: the Prometheus scrape (docs/operations.md). Public: its own check decides who reads. */
export async function metricsRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    METRICS_PATH,
    {
      config: { access: 'public', audit: { none: "a read: this node's own counters" } },
      schema: {
        tags: ['operations'],
        operationId: 'getMetrics',
        summary: "This node's metrics in the Prometheus text format",
        description:
          'Answered to a scraper on the same machine (a loopback connection not passed on by a proxy) and, when METRICS_TOKEN is set, to any client sending `Authorization: Bearer <METRICS_TOKEN>`. Each metric is described in docs/operations.md.',
        response: {
          200: {
            description: 'The metrics, Prometheus text exposition format 0.0.4',
            content: { 'text/plain': { schema: z.string() } },
          },
          401: errorBodySchema.describe('METRICS_TOKEN is set and the request lacks it or sends another'),
          403: errorBodySchema.describe('Not from this machine, and no METRICS_TOKEN is set'),
        },
      },
    },
    async (request, reply) => {
      const refusal = metricsRefusal(
        { remoteAddress: request.socket.remoteAddress, headers: request.headers },
        app.config.metricsToken,
      );
      if (refusal) {
        if (refusal.status === 401) reply.header('www-authenticate', 'Bearer realm="metrics"');
        return reply.status(refusal.status).send({ status: refusal.status, message: refusal.message });
      }
      const text = await app.metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(text);
    },
  );
}
