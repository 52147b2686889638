import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { CONSOLE_NAMESPACE, DESKTOP_NAMESPACE } from '@fleet/contract';
import type { DatabaseStats } from '../../db/client.ts';
import { withinTime } from '../../lib/within-time.ts';
import { PENDING_STATES, countPendingTasks, oldestWaitingSeconds } from '../tasks/repository.ts';

/** A scrape waits this long for the database; past it the task gauges say NaN (unknown). */
const QUERY_TIMEOUT_MS = 2000;
/** Waiting tasks (and running ones) counted at most: beyond, the queue is far behind anyway. */
export const TASK_COUNT_LIMIT = 10_000;

/** The heartbeat recorder (modules/heartbeats/recorder.ts), read at each scrape. */
export function heartbeatCollectors(app: FastifyInstance, registry: Registry): void {
  const registers = [registry];
  new Gauge({
    name: 'fleet_heartbeats_pending',
    help: 'Heartbeats received and not yet written to the database (one per device).',
    registers,
    collect() {
      this.set(app.heartbeatRecorder.status().pending);
    },
  });
  new Gauge({
    name: 'fleet_heartbeats_oldest_pending_seconds',
    help: 'Age of the oldest heartbeat not yet written: how far the recorder is behind (0 when none waits).',
    registers,
    collect() {
      this.set(app.heartbeatRecorder.status().oldestPendingMs / 1000);
    },
  });
  new Counter({
    name: 'fleet_heartbeats_dropped_total',
    help: 'Heartbeats dropped since the start because they can never be written (their device is gone).',
    registers,
    collect() {
      this.reset();
      this.inc(app.heartbeatRecorder.status().dropped);
    },
  });
  new Gauge({
    name: 'fleet_heartbeats_last_write_age_seconds',
    help: 'Seconds since the recorder last wrote heartbeats; NaN while it has written none since the start.',
    registers,
    collect() {
      const { lastWriteAt } = app.heartbeatRecorder.status();
      this.set(lastWriteAt ? (Date.now() - lastWriteAt.getTime()) / 1000 : Number.NaN);
    },
  });
}

/** The task queue's depth, counted in the tasks table at each scrape (every node sees the whole queue). */
export function taskQueueCollectors(app: FastifyInstance, registry: Registry): void {
  const registers = [registry];
  new Gauge({
    name: 'fleet_tasks',
    help: `Tasks not ended, by state (the whole queue, not this node's; counted up to ${TASK_COUNT_LIMIT}; NaN when the database did not answer).`,
    labelNames: ['state'],
    registers,
    async collect() {
      const counts = await withinTime(
        countPendingTasks(app.database.db, TASK_COUNT_LIMIT),
        QUERY_TIMEOUT_MS,
        null,
      );
      for (const state of Object.keys(PENDING_STATES) as (keyof typeof PENDING_STATES)[])
        this.set({ state }, counts ? counts[state] : Number.NaN);
    },
  });
  new Gauge({
    name: 'fleet_tasks_oldest_waiting_seconds',
    help: 'How long the oldest task that may run has waited to be taken (0 when none waits; NaN when the database did not answer).',
    registers,
    async collect() {
      this.set(await withinTime(oldestWaitingSeconds(app.database.db), QUERY_TIMEOUT_MS, Number.NaN));
    },
  });
}

/** Sockets connected to the live hub on this node. */
export function hubCollectors(app: FastifyInstance, registry: Registry): void {
  new Gauge({
    name: 'fleet_hub_sockets',
    help: 'Sockets connected to the live hub on this node, by namespace (console, desktop).',
    labelNames: ['namespace'],
    registers: [registry],
    collect() {
      for (const namespace of [CONSOLE_NAMESPACE, DESKTOP_NAMESPACE])
        this.set({ namespace: namespace.slice(1) }, app.hub.of(namespace).sockets.size);
    },
  });
}

/** The database's connections: PostgreSQL's pool, or the embedded database's queue of statements. */
export function databaseCollectors(app: FastifyInstance, registry: Registry): void {
  const registers = [registry];
  const stats = () => app.database.stats();
  if (app.database.kind === 'pglite') {
    new Gauge({
      name: 'fleet_db_statements_in_flight',
      help: 'Embedded database: statements sent to its thread and not answered yet (one runs, the others wait).',
      registers,
      collect() {
        const now = stats();
        if (now.kind === 'pglite') this.set(now.inFlight);
      },
    });
    return;
  }
  const poolGauge = (name: string, help: string, read: (pool: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const now = stats();
        if (now.kind === 'postgres') this.set(read(now));
      },
    });
  poolGauge('fleet_db_pool_clients', 'PostgreSQL pool: connections open (busy and idle).', (p) => p.total);
  poolGauge('fleet_db_pool_idle_clients', 'PostgreSQL pool: connections open and idle.', (p) => p.idle);
  poolGauge(
    'fleet_db_pool_waiting_queries',
    'PostgreSQL pool: queries waiting for a free connection (the pool is exhausted while above 0).',
    (p) => p.waiting,
  );
  poolGauge('fleet_db_pool_max_clients', 'PostgreSQL pool: the most connections it opens.', (p) => p.max);
}

type PoolStats = Extract<DatabaseStats, { kind: 'postgres' }>;
