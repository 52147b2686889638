import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { archiveJobs } from '../modules/jobs/archive.ts';

const FIRST_RUN_MS = 60_000;
const EVERY_MS = 60 * 60_000;

/**
 * The archive task: a minute after the start, then every hour, jobs past the retention period move to
 * the archived jobs. Each batch moves in one statement, so servers running it side by side never move a
 * job twice (a row one deletes, the other does not see).
 */
export const jobArchivePlugin = fp(async (app: FastifyInstance) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= archiveJobs(app.database.db)
      .then((outcome) => {
        if (outcome.archived || outcome.deleted) app.log.info(outcome, 'jobs archived');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'job archive failed: tried again in an hour'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(function again() {
      run();
      timer = setTimeout(again, EVERY_MS).unref();
    }, FIRST_RUN_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
});
