import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClient } from 'redis';
import { memoryStore, redisStore, type Redis, type SharedStore } from '../lib/shared-store.ts';

/**
 * The state nodes share (docs/scaling.md): with REDIS_URL, one Redis connection of this node, which the
 * hub's adapter also publishes through; without, memory.
 */
export const sharedStorePlugin = fp(async (app: FastifyInstance) => {
  let redis: Redis | null = null;
  if (app.config.redisUrl) {
    redis = createClient({ url: app.config.redisUrl }) as Redis;
    redis.on('error', (error: Error) => app.log.error({ err: error }, 'Redis connection error'));
    await redis.connect();
    const connected = redis;
    app.addHook('onClose', async () => {
      await connected.close().catch(() => undefined);
    });
  }
  app.decorate('redis', redis);
  app.decorate('sharedStore', redis ? redisStore(redis) : memoryStore());
});

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's Redis connection (REDIS_URL); null with one node. */
    redis: Redis | null;
    sharedStore: SharedStore;
  }
}
