import type { FastifyInstance } from 'fastify';

const FIRST_RUN_MS = 60_000;
const EVERY_MS = 60 * 60_000;

/**
 * Upkeep a server does by itself: a minute after it is ready, then every hour. A failed run is logged and
 * tried again at the next hour; closing the server waits for a run under way.
 */
export function runHourly(app: FastifyInstance, what: string, run: () => Promise<void>): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  const once = () => {
    running ??= run()
      .catch((error: unknown) => app.log.error({ err: error }, `${what} failed: tried again in an hour`))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(function again() {
      once();
      timer = setTimeout(again, EVERY_MS).unref();
    }, FIRST_RUN_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
}
