import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../lib/hourly.ts';
import { MEDIA_WORK_DIR, WorkArea } from '../lib/work-files.ts';
import { SWEEP_EVERY_MS, sweepWorkFiles } from '../lib/work-sweep.ts';

export interface WorkFiles {
  /** `DATA_DIR/tmp`: uploads, exports, anything written before it goes elsewhere. */
  temp: WorkArea;
  /** `DATA_DIR/media/.tmp`, with media on disk: a file written whole there, then renamed to its key. */
  media: WorkArea | null;
}

async function sweep(app: FastifyInstance, areas: WorkArea[]): Promise<void> {
  for (const area of areas) {
    await area.touch();
    const swept = await sweepWorkFiles(area);
    if (swept.entries > 0) app.log.info({ root: area.root, ...swept }, 'work files left behind removed');
  }
}

/**
 * This server's work areas (docs/operations.md, "Work files"), and their sweep: at start, before anything
 * writes, then every few minutes. Closing removes the areas, after the plugins registered later (the task
 * queue) have stopped using them.
 */
export const workFilesPlugin = fp(async (app: FastifyInstance) => {
  const { dataDir, mediaS3 } = app.config;
  const temp = await WorkArea.open(path.join(dataDir, 'tmp'));
  const media = mediaS3 ? null : await WorkArea.open(path.join(dataDir, 'media', MEDIA_WORK_DIR));
  const areas = media ? [temp, media] : [temp];
  app.addHook('onClose', async () => {
    for (const area of areas) await area.close();
  });
  // A sweep that fails (a file it may not remove) is told and tried again later: the server still starts.
  await sweep(app, areas).catch((error: unknown) => app.log.error({ err: error }, 'work files sweep failed'));
  runPeriodically(app, 'work files sweep', { firstMs: SWEEP_EVERY_MS, everyMs: SWEEP_EVERY_MS }, () =>
    sweep(app, areas),
  );
  app.decorate('workFiles', { temp, media } satisfies WorkFiles);
});

declare module 'fastify' {
  interface FastifyInstance {
    workFiles: WorkFiles;
  }
}
