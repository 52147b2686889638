import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runHourly } from '../../lib/hourly.ts';
import { archiveJobs } from './archive.ts';

/**
 * The archive task: a minute after the start, then every hour, jobs past the retention period move to
 * the archived jobs. Each batch moves in one statement, so servers running it side by side never move a
 * job twice (a row one deletes, the other does not see).
 */
export const jobArchivePlugin = fp(async (app: FastifyInstance) => {
  runHourly(app, 'job archive', async () => {
    const { mediaKeys, ...outcome } = await archiveJobs(app.database.db);
    for (const key of mediaKeys) await app.media.delete(key);
    if (outcome.archived || outcome.deleted)
      app.log.info({ ...outcome, files: mediaKeys.length }, 'jobs archived');
  });
});
