import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ASSOCIATION_MODES, ASSOCIATION_STATUSES, ASSOCIATION_SUBJECTS } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { archivedJobs, jobAssociations, jobs, series } from '../../db/schema.ts';

const STATUS = Object.fromEntries(ASSOCIATION_STATUSES.map((name, index) => [name, index])) as Record<
  (typeof ASSOCIATION_STATUSES)[number],
  number
>;
const COMPANY = ASSOCIATION_SUBJECTS.indexOf('Company');
const OPEN = [STATUS.Pending, STATUS.Running];

/**
 * A device's jobs handed over to the company it moved to (docs/jobs.md "Job associations"): Manual hands
 * over every job of the device, the previous owner's included, because staff asked for it; Automatic only
 * the jobs recorded while the device had no owner.
 */
export interface HandOver {
  seriesId: number;
  companyId: string;
  mode: 'Automatic' | 'Manual';
}

/** The devices among `ids` that recorded jobs while they had no owner: theirs go to the owner they get. */
export async function withOwnerlessJobs(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const ownerless = (table: typeof jobs | typeof archivedJobs) =>
    db
      .selectDistinct({ seriesId: table.seriesId })
      .from(table)
      .where(and(inArray(table.seriesId, [...ids]), isNull(table.companyId)));
  const [live, archived] = await Promise.all([ownerless(jobs), ownerless(archivedJobs)]);
  return new Set([...live, ...archived].map((row) => row.seriesId));
}

/** The devices among `ids` with a hand-over to this company still open (an attempt stopped before it ended). */
export async function withOpenHandOver(db: Db, ids: readonly number[], companyId: string) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ seriesId: jobAssociations.seriesId })
    .from(jobAssociations)
    .where(
      and(
        inArray(jobAssociations.seriesId, [...ids]),
        eq(jobAssociations.associationSubject, COMPANY),
        eq(jobAssociations.associationSubjectId, companyId),
        inArray(jobAssociations.status, OPEN),
      ),
    );
  return new Set(rows.map((row) => row.seriesId));
}

/**
 * Records each hand-over as a Pending association, or takes the one still open for that device and company
 * (an attempt stopped before it ended): asked twice, a hand-over is done once. Answers their ids.
 */
export async function queueHandOvers(db: Db, handOvers: readonly HandOver[]): Promise<number[]> {
  const ids: number[] = [];
  for (const handOver of handOvers) {
    const [open] = await db
      .select({ id: jobAssociations.id })
      .from(jobAssociations)
      .where(
        and(
          eq(jobAssociations.seriesId, handOver.seriesId),
          eq(jobAssociations.associationSubject, COMPANY),
          eq(jobAssociations.associationSubjectId, handOver.companyId),
          inArray(jobAssociations.status, OPEN),
        ),
      )
      .limit(1);
    const [queued] = open
      ? [open]
      : await db
          .insert(jobAssociations)
          .values({
            status: STATUS.Pending,
            seriesId: handOver.seriesId,
            associationMode: ASSOCIATION_MODES.indexOf(handOver.mode),
            associationSubject: COMPANY,
            associationSubjectId: handOver.companyId,
          })
          .returning({ id: jobAssociations.id });
    ids.push(queued!.id);
  }
  return ids;
}

const end = (db: Db, id: number, status: number, failureReason: string | null = null) =>
  db
    .update(jobAssociations)
    .set({ status, failureReason, terminatedAt: new Date() })
    .where(eq(jobAssociations.id, id));

/**
 * Runs a hand-over: Running, then the device's jobs (live and archived) given to the company and Done in
 * one transaction; Failed, saying why, when the device belongs to another company by then.
 */
export async function runHandOver(db: Db, id: number): Promise<void> {
  const [association] = await db
    .update(jobAssociations)
    .set({ status: STATUS.Running, startedAt: new Date() })
    .where(and(eq(jobAssociations.id, id), inArray(jobAssociations.status, OPEN)))
    .returning();
  if (!association) return;
  const [device] = await db
    .select({ companyId: series.companyId })
    .from(series)
    .where(eq(series.id, association.seriesId));
  const companyId = association.associationSubjectId;
  if (device?.companyId !== companyId) {
    await end(db, id, STATUS.Failed, 'The device belongs to another company now.');
    return;
  }
  const manual = association.associationMode === ASSOCIATION_MODES.indexOf('Manual');
  await db.transaction(async (tx) => {
    for (const table of [jobs, archivedJobs]) {
      const handed = manual ? sql`${table.companyId} is distinct from ${companyId}` : isNull(table.companyId);
      await tx
        .update(table)
        .set({ companyId })
        .where(and(eq(table.seriesId, association.seriesId), handed));
    }
    await end(tx, id, STATUS.Done);
  });
}
