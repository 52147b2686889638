import { count, eq, sql } from 'drizzle-orm';
import { changedTags, type Job, type JobDetail, type JobEdit, type JobEditRecord } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { jobGraphs, jobPictures } from '../../db/schema.ts';
import { conflict } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { auditOf, recordAudit } from '../audit/service.ts';
import { findJobInScope, getJob } from './service.ts';

type TagChanges = JobEditRecord['changes'];

/** The job detail's answer: the job, whether it is archived, its graph and picture counts, its edits. */
export async function jobDetail(db: Db, user: SignedInUser, id: string): Promise<JobDetail> {
  const { job, archived } = await findJobInScope(db, user, id);
  const jobId = Number(job.id);
  const [[graphs], [pictures], audit] = await Promise.all([
    db.select({ n: count() }).from(jobGraphs).where(eq(jobGraphs.jobId, jobId)),
    db.select({ n: count() }).from(jobPictures).where(eq(jobPictures.jobId, jobId)),
    auditOf(db, 'job', job.id),
  ]);
  const edits = audit
    .filter((entry) => entry.action === 'job.edit')
    .map((entry) => ({
      at: entry.at.toISOString(),
      by: entry.actorName,
      changes: (entry.details.changes ?? {}) as TagChanges,
    }));
  return { job, archived, graphCount: graphs?.n ?? 0, pictureCount: pictures?.n ?? 0, edits };
}

/**
 * Changes a job's editable tags (jobs spec §7 PATCH): a blank value removes the tag. The job is read
 * under a row lock and written with the audit record in one transaction: two people saving at once
 * both land, the second over the first, each with the values they replaced.
 */
export async function editJob(db: Db, user: SignedInUser, id: string, edit: JobEdit): Promise<Job> {
  const { job, archived } = await findJobInScope(db, user, id);
  if (archived) throw conflict('This job is archived: archived jobs are read-only history');
  const jobId = Number(job.id);
  await db.transaction(async (tx) => {
    const locked = (await tx.execute(
      sql`select data from jobs where id = ${jobId} for update`,
    )) as unknown as {
      rows: { data: Record<string, unknown> }[];
    };
    const data = { ...(locked.rows[0]?.data ?? job.data) };
    const changes = changedTags(data, edit.data as Record<string, string | null>);
    if (Object.keys(changes).length === 0) return;
    const record: TagChanges = {};
    for (const [tag, value] of Object.entries(changes)) {
      record[tag] = { from: data[tag] ?? null, to: value };
      if (value === null) delete data[tag];
      else data[tag] = value;
    }
    await tx.execute(sql`update jobs set data = ${JSON.stringify(data)}::jsonb where id = ${jobId}`);
    await recordAudit(tx, user, {
      action: 'job.edit',
      subjectType: 'job',
      subjectId: job.id,
      details: { changes: record },
    });
  });
  return getJob(db, user, id);
}
