import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { IDP_PREFIX } from '../../idp/idp-paths.ts';
import { databaseCollectors, heartbeatCollectors, hubCollectors, taskQueueCollectors } from './collectors.ts';

export const METRICS_PATH = '/api/metrics';

/** Requests no route matched share one label: the raw URL would make a series per scanned path. */
export const UNMATCHED_ROUTE = 'unmatched';
/** The identity provider's own endpoints answer before routing (idp/routes.ts): one label for them. */
const PROVIDER_ROUTE = `${IDP_PREFIX}/*`;

function routeLabel(request: FastifyRequest): string {
  if (request.routeOptions.url) return request.routeOptions.url;
  return request.url.startsWith(`${IDP_PREFIX}/`) ? PROVIDER_ROUTE : UNMATCHED_ROUTE;
}

export interface Metrics {
  registry: Registry;
  /** Observed by the task worker when an attempt ends. */
  taskDuration: Histogram<'kind' | 'outcome'>;
}

/** Counts every answered request by its route's pattern (never the raw URL), except the scrapes. */
function httpMetrics(app: FastifyInstance, registry: Registry): void {
  const requests = new Counter({
    name: 'fleet_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'fleet_http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    if (route === METRICS_PATH) return;
    const status = reply.statusCode;
    requests.inc({ method: request.method, route, status: String(status) });
    duration.observe(
      { method: request.method, route, status_class: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });
}

/**
 * This node's metrics in the Prometheus format (docs/operations.md): requests, heartbeat recorder, task
 * queue, hub, database, and the process itself, each series labelled with the node's name.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const registry = new Registry();
  registry.setDefaultLabels({ node: app.config.nodeName });
  collectDefaultMetrics({ register: registry });
  httpMetrics(app, registry);
  heartbeatCollectors(app, registry);
  taskQueueCollectors(app, registry);
  hubCollectors(app, registry);
  databaseCollectors(app, registry);
  const taskDuration = new Histogram({
    name: 'fleet_task_duration_seconds',
    help: 'Time a task attempt ran on this node, by kind and outcome (done, failed, error, released, lost).',
    labelNames: ['kind', 'outcome'],
    buckets: [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600],
    registers: [registry],
  });
  app.decorate('metrics', { registry, taskDuration } satisfies Metrics);
});

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}
