import { asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FleetEventType } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { alertSources, fleetEvents } from '../../db/schema.ts';
import type { EventConsumer, FleetEventRow } from './events.ts';
import type { EventSource } from './sources.ts';

/** A window is read again this far back: a change committed late (a long transaction) is still seen. */
export const OVERLAP_MS = 2 * 60_000;
/** A source's first run looks this far back, so that a new server tells of what just happened. */
export const FIRST_LOOK_BACK_MS = 60 * 60_000;
const BATCH = 200;

export interface EvaluationTotals {
  sources: number;
  written: number;
}

/**
 * Runs each source whose events somebody wants over what changed since it last ran. A source's row in
 * `alert_sources` is taken FOR UPDATE SKIP LOCKED: one node reads a window, and the window moves on
 * only with the events it wrote (one transaction), so a kill -9 leaves it to be read again.
 */
export async function evaluateSources(
  db: Db,
  sources: readonly EventSource[],
  consumers: readonly EventConsumer[],
  now = new Date(),
): Promise<EvaluationTotals> {
  const wanted = new Set<FleetEventType>();
  const thresholds = new Map<FleetEventType, Set<number>>();
  for (const consumer of consumers) {
    for (const type of await consumer.wants(db)) wanted.add(type);
    for (const [type, values] of (await consumer.thresholds?.(db)) ?? []) {
      const set = thresholds.get(type) ?? new Set<number>();
      for (const value of values) set.add(value);
      thresholds.set(type, set);
    }
  }
  const sorted = new Map([...thresholds].map(([type, set]) => [type, [...set].sort((a, b) => a - b)]));
  const totals: EvaluationTotals = { sources: 0, written: 0 };
  for (const source of sources) {
    if (!source.types.some((type) => wanted.has(type))) continue;
    const written = await db.transaction(async (tx) => {
      await tx
        .insert(alertSources)
        .values({ name: source.name, readUpTo: new Date(now.getTime() - FIRST_LOOK_BACK_MS) })
        .onConflictDoNothing();
      const [row] = await tx
        .select()
        .from(alertSources)
        .where(eq(alertSources.name, source.name))
        .for('update', { skipLocked: true });
      if (!row) return null;
      // The database keeps microseconds: the window takes in the whole of the millisecond it ends in.
      const to = new Date(now.getTime() + 1);
      const from = new Date(Math.min(row.readUpTo.getTime(), to.getTime()) - OVERLAP_MS);
      const count = await source.run(tx, { from, to, wanted, thresholds: sorted });
      if (to > row.readUpTo)
        await tx.update(alertSources).set({ readUpTo: to }).where(eq(alertSources.name, source.name));
      return count;
    });
    if (written === null) continue;
    totals.sources += 1;
    totals.written += written;
  }
  return totals;
}

/**
 * Hands each event not yet dispatched to every consumer, in batches taken FOR UPDATE SKIP LOCKED and
 * marked in the same transaction: each event is consumed once, by one node, even across a kill -9.
 * Answers how many events were dispatched.
 */
export async function dispatchEvents(
  db: Db,
  consumers: readonly EventConsumer[],
  onCommitted: (after: () => Promise<void>) => void,
): Promise<number> {
  let dispatched = 0;
  for (;;) {
    const afters: (() => Promise<void>)[] = [];
    const rows = await db.transaction(async (tx) => {
      const batch: FleetEventRow[] = await tx
        .select()
        .from(fleetEvents)
        .where(isNull(fleetEvents.dispatchedAt))
        .orderBy(asc(fleetEvents.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (batch.length === 0) return batch;
      for (const consumer of consumers) {
        const after = await consumer.consume(tx, batch);
        if (after) afters.push(after);
      }
      await tx
        .update(fleetEvents)
        .set({ dispatchedAt: sql`now()` })
        .where(
          inArray(
            fleetEvents.id,
            batch.map((row) => row.id),
          ),
        );
      return batch;
    });
    for (const after of afters) onCommitted(after);
    dispatched += rows.length;
    if (rows.length < BATCH) return dispatched;
  }
}
