import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { SharedStore } from '../lib/shared-store.ts';

type Done = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit's store over the shared store, so that a limit counts the attempts of an address
 * on every node. The plugin hands the window and the maximum to `incr` after the callback.
 */
export function sharedRateLimitStore(store: SharedStore, prefix = 'rate-limit:') {
  class SharedRateLimitStore implements FastifyRateLimitStore {
    // The plugin constructs the store with its options, which this store does not need.
    constructor(
      _options?: unknown,
      private readonly routePrefix = prefix,
    ) {}

    incr(key: string, done: Done, timeWindow?: number): void {
      store
        .increment(this.routePrefix + key, timeWindow ?? 60_000, false)
        .then(({ current, ttlMs }) => done(null, { current, ttl: ttlMs }), done);
    }

    /** Each route its own counts, as the plugin's own stores do. */
    child(params: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged limit settings, the route itself under `routeInfo`.
      const { method, url } = (params as { routeInfo?: { method?: unknown; url?: string } }).routeInfo ?? {};
      return new SharedRateLimitStore(undefined, `${prefix}${String(method)}${url ?? ''}:`);
    }
  }
  return SharedRateLimitStore;
}
