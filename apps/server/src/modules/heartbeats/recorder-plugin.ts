import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HeartbeatRecorder } from './recorder.ts';

/** One heartbeat recorder per server: the device protocol writes to it, reads and the health check look at it. */
export const heartbeatRecorderPlugin = fp(async (app: FastifyInstance) => {
  const recorder = new HeartbeatRecorder(app.database.db, 1000, {
    onWriteFailed: (error, rows) =>
      app.log.error({ err: error, rows }, 'heartbeat write failed: kept for the next flush'),
    onDropped: (seriesIds, reason) =>
      app.log.warn({ seriesIds, reason }, 'heartbeats dropped: they can never be written'),
  });
  app.decorate('heartbeatRecorder', recorder);
  app.addHook('onClose', async () => recorder.close());
});

declare module 'fastify' {
  interface FastifyInstance {
    heartbeatRecorder: HeartbeatRecorder;
  }
}
