import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClient } from 'redis';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rememberedKeys } from '../db/schema.ts';
import { runPeriodically } from '../lib/hourly.ts';
import { memoryStore, redisStore, type Redis, type SharedStore } from '../lib/shared-store.ts';

/**
 * Keys remembered in the database: a nonce seen before a restart stays refused after it. A key whose
 * time ran out may be remembered again.
 */
function databaseRememberOnce(db: Db): SharedStore['rememberOnce'] {
  return async (key, ttlMs) => {
    const expiresAt = new Date(Date.now() + ttlMs);
    const stored = await db
      .insert(rememberedKeys)
      .values({ key, expiresAt })
      .onConflictDoUpdate({
        target: rememberedKeys.key,
        set: { expiresAt },
        setWhere: lt(rememberedKeys.expiresAt, sql`now()`),
      })
      .returning({ key: rememberedKeys.key });
    return stored.length === 1;
  };
}

/**
 * The state nodes share (docs/scaling.md): with REDIS_URL, one Redis connection of this node, which the
 * hub's adapter also publishes through; without, memory, but for the keys remembered once (nonces),
 * which the database keeps so that a restart does not forget them.
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
  if (redis) {
    app.decorate('sharedStore', redisStore(redis));
    return;
  }
  const { db } = app.database;
  app.decorate('sharedStore', { ...memoryStore(), rememberOnce: databaseRememberOnce(db) });
  runPeriodically(app, 'forgetting expired nonces', { firstMs: 60_000, everyMs: 60_000 }, async () => {
    await db.delete(rememberedKeys).where(lt(rememberedKeys.expiresAt, sql`now()`));
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's Redis connection (REDIS_URL); null with one node. */
    redis: Redis | null;
    sharedStore: SharedStore;
  }
}
