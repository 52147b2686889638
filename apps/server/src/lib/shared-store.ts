import type { RedisClientType } from 'redis';

/**
 * Short-lived state every node must see the same (docs/scaling.md): request nonces, sign-in counts.
 * In memory with one node (but for the nonces: `plugins/shared-store.ts`); in Redis (REDIS_URL) with several.
 */
export interface SharedStore {
  /** true the first time `key` is seen within `ttlMs`, false after. */
  rememberOnce(key: string, ttlMs: number): Promise<boolean>;
  /**
   * Adds one to a counter. Its expiry is set at the first count, or at each count with `refresh`.
   * Answers the count and the time it has left.
   */
  increment(key: string, ttlMs: number, refresh: boolean): Promise<{ current: number; ttlMs: number }>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(...keys: string[]): Promise<void>;
}

/** Keys remembered at once in memory; the oldest are forgotten first. */
const CAPACITY = 100_000;

export function memoryStore(now: () => number = Date.now): SharedStore {
  const entries = new Map<string, { value: string; until: number }>();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.until <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const put = (key: string, value: string, until: number) => {
    entries.delete(key);
    entries.set(key, { value, until });
    if (entries.size > CAPACITY) entries.delete(entries.keys().next().value!);
  };
  return {
    async rememberOnce(key, ttlMs) {
      if (live(key)) return false;
      put(key, '1', now() + ttlMs);
      return true;
    },
    async increment(key, ttlMs, refresh) {
      const entry = live(key);
      const current = Number(entry?.value ?? 0) + 1;
      const until = entry && !refresh ? entry.until : now() + ttlMs;
      put(key, String(current), until);
      return { current, ttlMs: until - now() };
    },
    async get(key) {
      return live(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      put(key, value, now() + ttlMs);
    },
    async delete(...keys) {
      for (const key of keys) entries.delete(key);
    },
  };
}

export type Redis = RedisClientType;

export function redisStore(redis: Redis, prefix = 'fleet:'): SharedStore {
  return {
    async rememberOnce(key, ttlMs) {
      return (
        (await redis.set(prefix + key, '1', {
          condition: 'NX',
          expiration: { type: 'PX', value: ttlMs },
        })) === 'OK'
      );
    },
    async increment(key, ttlMs, refresh) {
      const [current, , left] = (await redis
        .multi()
        .incr(prefix + key)
        .pExpire(prefix + key, ttlMs, refresh ? undefined : 'NX')
        .pTTL(prefix + key)
        .exec()) as unknown as [number, number, number];
      return { current, ttlMs: left };
    },
    async get(key) {
      return redis.get(prefix + key);
    },
    async set(key, value, ttlMs) {
      await redis.set(prefix + key, value, { expiration: { type: 'PX', value: ttlMs } });
    },
    async delete(...keys) {
      if (keys.length > 0) await redis.del(keys.map((key) => prefix + key));
    },
  };
}
