import type { FastifyInstance } from 'fastify';

const HOUR_MS = 60 * 60_000;

/**
 * Upkeep a server does by itself: `firstMs` after it is ready, then every `everyMs`. A failed run is
 * logged and tried again at the next turn; a run never overlaps the one before; closing the server
 * waits for a run under way. Answers a way to run at once (queued behind a run under way).
 */
export function runPeriodically(
  app: FastifyInstance,
  what: string,
  timing: { firstMs: number; everyMs: number },
  run: () => Promise<void>,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const once = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .catch((error: unknown) =>
        app.log.error({ err: error }, `${what} failed: tried again at the next turn`),
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          once();
        }
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(function next() {
      once();
      timer = setTimeout(next, timing.everyMs).unref();
    }, timing.firstMs).unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await running;
  });
  return once;
}

/** Upkeep a minute after the server is ready, then every hour. */
export function runHourly(app: FastifyInstance, what: string, run: () => Promise<void>): void {
  runPeriodically(app, what, { firstMs: 60_000, everyMs: HOUR_MS }, run);
}
