import { and, desc, eq, sql } from 'drizzle-orm';
import type { MediaStorage } from '../lib/media-storage.ts';
import { storeGraph, storePicture } from '../modules/jobs/media.ts';
import type { Db } from '../db/client.ts';
import { demoGraphs, demoPictures, type MediaJob } from '@fleet/device-kit/demo-job-media';
import * as t from '../db/schema.ts';

/** Recent jobs that get their graphs and pictures at the first start. */
const RECENT_JOBS = 150;
/** Torque audits recording a whole run: points of their one graph. */
const LONG_RUNS = [100_000, 400_000, 1_000_000];

async function recentJobs(db: Db, where: ReturnType<typeof eq>, limit: number) {
  return db
    .select({
      id: t.jobs.id,
      seriesId: t.jobs.seriesId,
      serialNumber: t.series.serialNumber,
      workflow: t.jobs.workflow,
      beginDate: t.jobs.beginDate,
      data: t.jobs.data,
      userName: t.jobs.userName,
    })
    .from(t.jobs)
    .innerJoin(t.series, eq(t.series.id, t.jobs.seriesId))
    .where(and(eq(t.jobs.synthetic, false), where))
    .orderBy(desc(t.jobs.beginDate))
    .limit(limit);
}

/**
 * The graphs and pictures of the demo fleet's recent jobs, stored as the devices would have uploaded
 * them, once (`meta` key `seed-media`). Answers how many jobs got files; 0 when done before.
 */
export async function seedJobMedia(db: Db, media: MediaStorage, seed: number): Promise<number> {
  const [done] = await db.select().from(t.meta).where(eq(t.meta.key, 'seed-media'));
  if (done) return 0;
  const jobs = [
    ...(await recentJobs(db, sql`${t.jobs.workflow} <> 'TORQUE-AUDIT'`, RECENT_JOBS)).map((job) => ({
      job,
      long: 0,
    })),
    ...(await recentJobs(db, eq(t.jobs.workflow, 'TORQUE-AUDIT'), LONG_RUNS.length)).map((job, index) => ({
      job,
      long: LONG_RUNS[index]!,
    })),
  ];
  for (const { job, long } of jobs) {
    // A start stopped half-way left some jobs with their files already.
    const [stored] = await db
      .select({ id: t.jobGraphs.id })
      .from(t.jobGraphs)
      .where(eq(t.jobGraphs.jobId, job.id))
      .limit(1);
    const [pictured] = await db
      .select({ id: t.jobPictures.id })
      .from(t.jobPictures)
      .where(eq(t.jobPictures.jobId, job.id))
      .limit(1);
    if (stored || pictured) continue;
    const device = { id: job.seriesId, serialNumber: job.serialNumber };
    const mediaJob: MediaJob = job;
    for (const graph of demoGraphs(seed, job.id, mediaJob, long))
      await storeGraph(db, media, device, String(job.id), { fileName: graph.fileName, csv: graph.csv });
    for (const picture of demoPictures(seed, job.id, mediaJob))
      await storePicture(db, media, device, String(job.id), {
        fileName: picture.fileName,
        bytes: picture.png,
        metadata: picture.metadata,
      });
  }
  await db
    .insert(t.meta)
    .values({ key: 'seed-media', value: { jobs: jobs.length } })
    .onConflictDoNothing();
  return jobs.length;
}
