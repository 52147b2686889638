import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runHourly, runPeriodically } from '../../lib/hourly.ts';
import { abandonSilentUpdates } from './device-updates.ts';
import { stepRunningRollouts } from './rollout-steps.ts';

const DAY_MS = 86_400_000;

export interface RolloutScheduler {
  /** Looks at the running rollouts now (a device's update ended): a stop does not wait for the next step. */
  stepSoon(): void;
}

/**
 * Rollouts move on by themselves (docs/versions.md): every ROLLOUT_STEP_SECONDS each server steps the
 * running rollouts, each row locked so that one server advances a wave; state lives in the tables, so a
 * restart resumes where it was. Hourly, updates a device went silent on for a day end as failed.
 */
export const rolloutSchedulerPlugin = fp(async (app: FastifyInstance) => {
  const everyMs = app.config.rolloutStepSeconds * 1000;
  const step = runPeriodically(app, 'rollout step', { firstMs: everyMs, everyMs }, async () => {
    const results = await stepRunningRollouts(app.database.db);
    for (const [id, result] of results)
      if (result !== 'waiting' && result !== 'skipped')
        app.log.info({ rollout: id, result }, 'rollout moved on');
  });
  app.decorate('rolloutScheduler', { stepSoon: step } satisfies RolloutScheduler);
  runHourly(app, 'silent updates', async () => {
    const ended = await abandonSilentUpdates(app.database.db, new Date(Date.now() - DAY_MS));
    if (ended) app.log.info({ ended }, 'updates without a report for a day ended as failed');
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    rolloutScheduler: RolloutScheduler;
  }
}
