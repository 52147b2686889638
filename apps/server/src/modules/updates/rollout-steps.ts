import { and, count, eq } from 'drizzle-orm';
import { waveFailurePercent, waveOutcome, type RolloutDeviceState } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { rolloutDevices, rollouts } from '../../db/schema.ts';

export type StepResult = 'waiting' | 'next-wave' | 'done' | 'stopped' | 'skipped';

/**
 * Looks at a running rollout's current wave and moves it on (docs/versions.md): the next wave when this
 * one ended under the failure threshold, done after the last, stopped when failures pass the threshold.
 * The row is taken FOR UPDATE SKIP LOCKED: two servers never advance one wave twice, and a rollout
 * another server is looking at is skipped until the next step.
 */
export async function stepRollout(db: Db, id: number, now = new Date()): Promise<StepResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(rollouts)
      .where(and(eq(rollouts.id, id), eq(rollouts.state, 'running')))
      .for('update', { skipLocked: true });
    if (!row) return 'skipped';
    const states = await tx
      .select({ state: rolloutDevices.state, n: count() })
      .from(rolloutDevices)
      .where(and(eq(rolloutDevices.rolloutId, id), eq(rolloutDevices.wave, row.currentWave)))
      .groupBy(rolloutDevices.state);
    const of = (state: RolloutDeviceState) => states.find((s) => s.state === state)?.n ?? 0;
    const counts = {
      devices: states.reduce((sum, s) => sum + s.n, 0),
      succeeded: of('succeeded'),
      failed: of('failed'),
    };
    const windowEnded = now.getTime() - row.waveStartedAt.getTime() >= row.waveWindowMinutes * 60_000;
    const outcome = waveOutcome(counts, row.failureThresholdPercent, windowEnded);
    if (outcome === 'waiting') return 'waiting';
    if (outcome === 'stop') {
      const rate = Math.round(waveFailurePercent(counts) * 10) / 10;
      await tx
        .update(rollouts)
        .set({
          state: 'stopped',
          endedAt: now,
          reason: `Stopped by itself: wave ${row.currentWave} failed on ${counts.failed} of ${counts.succeeded + counts.failed} devices that answered (${rate} %), over the threshold of ${row.failureThresholdPercent} %`,
        })
        .where(eq(rollouts.id, id));
      return 'stopped';
    }
    if (row.currentWave >= row.waveCount) {
      await tx.update(rollouts).set({ state: 'done', endedAt: now, reason: null }).where(eq(rollouts.id, id));
      return 'done';
    }
    const next = row.currentWave + 1;
    await tx
      .update(rollouts)
      .set({ currentWave: next, waveStartedAt: now, waveStarts: [...row.waveStarts, now.toISOString()] })
      .where(eq(rollouts.id, id));
    await tx
      .update(rolloutDevices)
      .set({ state: 'offered', updatedAt: now })
      .where(
        and(
          eq(rolloutDevices.rolloutId, id),
          eq(rolloutDevices.wave, next),
          eq(rolloutDevices.state, 'pending'),
        ),
      );
    return 'next-wave';
  });
}

/** One step of every running rollout. */
export async function stepRunningRollouts(db: Db, now = new Date()): Promise<Map<number, StepResult>> {
  const running = await db.select({ id: rollouts.id }).from(rollouts).where(eq(rollouts.state, 'running'));
  const results = new Map<number, StepResult>();
  for (const { id } of running) results.set(id, await stepRollout(db, id, now));
  return results;
}
