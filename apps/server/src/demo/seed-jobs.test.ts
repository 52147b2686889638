import { describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { openEmptyDatabase } from '../../test/helpers.ts';
import { seedDatabase, seedDemoJobs, seededJobCount } from './seed.ts';
import { seedJobs } from './seed-jobs.ts';
import { archiveJobs, JOB_RETENTION_DAYS } from '../modules/jobs/archive.ts';
import * as t from '../db/schema.ts';

const NOW = new Date('2026-06-01T12:00:00Z');
const CUTOFF = new Date(NOW.getTime() - JOB_RETENTION_DAYS * 86_400_000);

/** Every job of a database, live and archived, as comparable text. */
async function everyJob(db: Database['db']) {
  const read = async (table: typeof t.jobs | typeof t.archivedJobs) =>
    (
      await db
        .select({ id: table.id, begin: table.beginDate, workflow: table.workflow, data: table.data })
        .from(table)
        .orderBy(asc(table.id))
    ).map((row) => `${row.begin.toISOString()} ${row.workflow} ${JSON.stringify(row.data)}`);
  return { live: await read(t.jobs), archived: await read(t.archivedJobs) };
}

describe('demo jobs', () => {
  it('are the same for the same seed, where the archive task would put them, and go on after a stop', async () => {
    const whole = await openEmptyDatabase();
    const resumed = await openEmptyDatabase();
    try {
      await seedDatabase(whole.db, { seed: 4, devices: 120, jobs: 3000, demoUsers: false, now: NOW });
      await seedDatabase(resumed.db, { seed: 4, devices: 120, jobs: 'later', demoUsers: false, now: NOW });
      expect(await seededJobCount(resumed.db)).toBe(0);
      // A start stopped after the first chunk: its jobs and its count are there together.
      await expect(
        seedJobs(resumed.db, 4, 0, 3000, NOW, async (tx, reached) => {
          await tx.execute(
            sql`update meta set value = jsonb_set(value, '{jobs}', to_jsonb(${reached}::int)) where key = 'seed'`,
          );
          if (reached > 2000) throw new Error('stopped');
        }),
      ).rejects.toThrow('stopped');
      expect(await seededJobCount(resumed.db)).toBe(2000);
      expect(await seedDemoJobs(resumed.db, { seed: 4, jobs: 3000, now: NOW })).toBe(3000);

      const expected = await everyJob(whole.db);
      expect(await everyJob(resumed.db)).toEqual(expected);
      expect(expected.live.length + expected.archived.length).toBeGreaterThan(2800);
      expect(expected.live.every((row) => row >= CUTOFF.toISOString())).toBe(true);
      expect(expected.archived.every((row) => row < CUTOFF.toISOString())).toBe(true);
      expect(expected.archived.length).toBeGreaterThan(0);
      // Asking again adds nothing.
      expect(await seedDemoJobs(whole.db, { seed: 4, jobs: 3000, now: NOW })).toBe(3000);
      expect(await everyJob(whole.db)).toEqual(expected);
      const associations = await whole.db
        .select({ status: t.jobAssociations.status })
        .from(t.jobAssociations);
      expect(associations.length).toBe(30);
    } finally {
      await whole.close();
      await resumed.close();
    }
  });

  it('are archived with their id once past the retention period; old synthetic ones are dropped', async () => {
    const database = await openEmptyDatabase();
    try {
      await seedDatabase(database.db, { seed: 5, devices: 60, jobs: 600, demoUsers: false, now: NOW });
      const later = new Date(NOW.getTime() + 90 * 86_400_000);
      const laterCutoff = new Date(later.getTime() - JOB_RETENTION_DAYS * 86_400_000).toISOString();
      const due = await database.db
        .select({ id: t.jobs.id, synthetic: t.jobs.synthetic })
        .from(t.jobs)
        .where(sql`${t.jobs.beginDate} < ${laterCutoff}::timestamptz`);
      expect(due.length).toBeGreaterThan(0);
      // A synthetic job due for deletion has a graph: it goes with the job, its file named for removal.
      const synthetic = due.find((job) => job.synthetic)!;
      const [series] = await database.db.select({ id: t.series.id }).from(t.series).limit(1);
      await database.db.insert(t.jobGraphs).values({
        jobId: synthetic.id,
        seriesId: series!.id,
        fileName: 'self-test.csv',
        beginDate: later,
        workflow: 'SELF-TEST',
        curveNames: ['A'],
        pointCount: 1,
        mediaKey: 'graphs/self-test.bin',
        bytes: 16,
      });
      const outcome = await archiveJobs(database.db, later);
      expect(outcome).toEqual({
        archived: due.filter((job) => !job.synthetic).length,
        deleted: due.filter((job) => job.synthetic).length,
        mediaKeys: ['graphs/self-test.bin'],
      });
      expect(await database.db.select().from(t.jobGraphs)).toEqual([]);
      for (const job of due) {
        const [archived] = await database.db
          .select()
          .from(t.archivedJobs)
          .where(eq(t.archivedJobs.id, job.id));
        expect(Boolean(archived)).toBe(!job.synthetic);
        expect(await database.db.select().from(t.jobs).where(eq(t.jobs.id, job.id))).toEqual([]);
      }
      expect(await archiveJobs(database.db, later)).toEqual({ archived: 0, deleted: 0, mediaKeys: [] });
    } finally {
      await database.close();
    }
  });
});
