import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { heartbeats } from '../../db/schema.ts';

const CHUNK = 5000;

/**
 * Buffers device heartbeats and writes them in one batched upsert per interval, so thousands of
 * devices beating every few seconds cost one statement a second. Reads see the buffer too.
 */
export class HeartbeatRecorder {
  #pending = new Map<number, Date>();
  #timer: NodeJS.Timeout;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    intervalMs = 1000,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {
    this.#timer = setInterval(() => void this.flush().catch(this.onError), intervalMs);
    this.#timer.unref();
  }

  record(seriesId: number, at: Date = new Date()): void {
    const previous = this.#pending.get(seriesId);
    if (!previous || previous < at) this.#pending.set(seriesId, at);
  }

  pending(seriesId: number): Date | undefined {
    return this.#pending.get(seriesId);
  }

  async flush(): Promise<void> {
    await this.#flushing;
    if (this.#pending.size === 0) return;
    const batch = [...this.#pending].map(([seriesId, lastHeartbeat]) => ({
      seriesId,
      lastHeartbeat,
    }));
    this.#pending = new Map();
    this.#flushing = this.#write(batch);
    await this.#flushing;
  }

  /** Upserts in statements of at most CHUNK rows (PostgreSQL takes at most 65,535 parameters). */
  async #write(batch: { seriesId: number; lastHeartbeat: Date }[]): Promise<void> {
    for (let start = 0; start < batch.length; start += CHUNK) {
      await this.db
        .insert(heartbeats)
        .values(batch.slice(start, start + CHUNK))
        // greatest() ignores null, the never-connected mark.
        .onConflictDoUpdate({
          target: heartbeats.seriesId,
          set: { lastHeartbeat: sql`greatest(${heartbeats.lastHeartbeat}, excluded.last_heartbeat)` },
        });
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
