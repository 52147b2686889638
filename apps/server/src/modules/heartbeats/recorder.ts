import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { databaseErrorOf, isDataError } from '../../lib/database-errors.ts';

/** The recorder is behind when a beat has waited this long without being written. */
export const BEHIND_AFTER_MS = 5000;

export interface RecorderStatus {
  /** Beats buffered, one per device. */
  pending: number;
  /** Age of the oldest beat not yet written. */
  oldestPendingMs: number;
  lastWriteAt: Date | null;
  /** Since when writes fail; null while they succeed. */
  failingSince: Date | null;
  /** Beats dropped because they can never be written (their device is gone). */
  dropped: number;
  behind: boolean;
}

export interface RecorderEvents {
  /** A write failed; the beats are kept and written again at the next flush. */
  onWriteFailed(error: unknown, rows: number): void;
  /** Beats of these devices were dropped: the devices no longer exist or the row cannot be stored. */
  onDropped(seriesIds: number[], reason: string): void;
}

type Row = { seriesId: number; lastHeartbeat: Date };

const quiet: RecorderEvents = { onWriteFailed: () => undefined, onDropped: () => undefined };

/**
 * Buffers device heartbeats and writes them in one batched upsert per interval, so thousands of
 * devices beating every few seconds cost one statement a second. Reads see the buffer too.
 *
 * A write that fails keeps its beats for the next flush; a beat that can never be written (its
 * device was deleted) is dropped alone and reported, so one bad row never stops the others.
 */
export class HeartbeatRecorder {
  #pending = new Map<number, Date>();
  /** When the oldest unwritten beat arrived. */
  #waitingSince: number | null = null;
  #timer: NodeJS.Timeout;
  #flushing: Promise<void> = Promise.resolve();
  #lastWriteAt: Date | null = null;
  #failingSince: Date | null = null;
  #dropped = 0;

  constructor(
    private readonly db: Db,
    intervalMs = 1000,
    private readonly events: RecorderEvents = quiet,
  ) {
    this.#timer = setInterval(() => void this.flush(), intervalMs);
    this.#timer.unref();
  }

  record(seriesId: number, at: Date = new Date()): void {
    const previous = this.#pending.get(seriesId);
    if (!previous || previous < at) this.#pending.set(seriesId, at);
    this.#waitingSince ??= Date.now();
  }

  pending(seriesId: number): Date | undefined {
    return this.#pending.get(seriesId);
  }

  /** Writes what is buffered; never rejects: what could not be written stays buffered. */
  flush(): Promise<void> {
    const run = this.#flushing.then(() => this.#flushOnce());
    this.#flushing = run;
    return run;
  }

  status(now = Date.now()): RecorderStatus {
    const oldestPendingMs = this.#waitingSince === null ? 0 : now - this.#waitingSince;
    return {
      pending: this.#pending.size,
      oldestPendingMs,
      lastWriteAt: this.#lastWriteAt,
      failingSince: this.#failingSince,
      dropped: this.#dropped,
      behind: oldestPendingMs > BEHIND_AFTER_MS,
    };
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }

  async #flushOnce(): Promise<void> {
    if (this.#pending.size === 0) return;
    const batch: Row[] = [...this.#pending].map(([seriesId, lastHeartbeat]) => ({ seriesId, lastHeartbeat }));
    const waitingSince = this.#waitingSince;
    this.#pending = new Map();
    this.#waitingSince = null;
    const failed = await this.#writeIsolating(batch);
    if (failed.length === 0) {
      this.#lastWriteAt = new Date();
      this.#failingSince = null;
      return;
    }
    this.#failingSince ??= new Date();
    // Kept for the next flush, merged with newer beats that arrived meanwhile.
    for (const row of failed) this.record(row.seriesId, row.lastHeartbeat);
    this.#waitingSince = Math.min(this.#waitingSince ?? Date.now(), waitingSince ?? Date.now());
  }

  /**
   * Writes the rows; answers those to try again later. When the database refuses the data itself
   * (integrity or data error), the batch is split to find the rows at fault, which are dropped.
   */
  async #writeIsolating(rows: Row[]): Promise<Row[]> {
    try {
      await this.#write(rows);
      return [];
    } catch (error) {
      if (!isDataError(databaseErrorOf(error))) {
        this.events.onWriteFailed(error, rows.length);
        return rows;
      }
      if (rows.length === 1) {
        this.#dropped += 1;
        this.events.onDropped([rows[0]!.seriesId], databaseErrorOf(error)?.message ?? String(error));
        return [];
      }
      const middle = Math.ceil(rows.length / 2);
      return [
        ...(await this.#writeIsolating(rows.slice(0, middle))),
        ...(await this.#writeIsolating(rows.slice(middle))),
      ];
    }
  }

  /**
   * One upsert for the whole batch (two parameters, whatever its size). Beats of devices that
   * no longer exist are left out by the join and reported as dropped.
   */
  async #write(rows: Row[]): Promise<void> {
    const ids = rows.map((row) => row.seriesId);
    // Arrays travel as text literals: PGlite mis-serialises array parameters.
    const idList = `{${ids.join(',')}}`;
    const timeList = `{${rows.map((row) => row.lastHeartbeat.toISOString()).join(',')}}`;
    const written = (await this.db.execute(sql`
      insert into heartbeats (series_id, last_heartbeat)
      select beat.series_id, beat.at
      from unnest(${idList}::text::integer[], ${timeList}::text::timestamptz[]) as beat(series_id, at)
      join series on series.id = beat.series_id
      on conflict (series_id) do update
        -- greatest() ignores null, the never-connected mark.
        set last_heartbeat = greatest(heartbeats.last_heartbeat, excluded.last_heartbeat)
      returning series_id`)) as unknown as { rows: { series_id: number }[] };
    if (written.rows.length === rows.length) return;
    const stored = new Set(written.rows.map((row) => Number(row.series_id)));
    const gone = ids.filter((id) => !stored.has(id));
    this.#dropped += gone.length;
    this.events.onDropped(gone, 'the device no longer exists');
  }
}
