import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Jobs stay in the live lists this long after they began; then the archive task moves them (docs/jobs.md). */
export const JOB_RETENTION_DAYS = 540;
const DAY_MS = 86_400_000;
const BATCH = 5000;

const COLUMNS = sql.raw(`id, series_id, company_id, group_id, device_type, workflow, job_type, job_status,
  synthetic, begin_date, posted_date, user_name, data, valid_cal, valid_chk, gresst`);

export interface ArchiveOutcome {
  archived: number;
  /** Synthetic jobs past the retention period: reference runs, not kept. */
  deleted: number;
  /** The media files of the deleted jobs' graphs and pictures, for the caller to remove. */
  mediaKeys: string[];
}

/**
 * Moves the jobs that began before the retention period to the archived jobs, with their ids, in
 * batches of one statement each (each batch is whole: a job is in one table or the other, never both
 * or neither). Synthetic jobs that old are deleted.
 */
export async function archiveJobs(db: Db, now: Date = new Date()): Promise<ArchiveOutcome> {
  const cutoff = new Date(now.getTime() - JOB_RETENTION_DAYS * DAY_MS).toISOString();
  const outcome: ArchiveOutcome = { archived: 0, deleted: 0, mediaKeys: [] };
  for (;;) {
    const moved = (await db.execute(sql`
      with moved as (
        delete from jobs where id in (
          select id from jobs where synthetic = false and begin_date < ${cutoff}::timestamptz limit ${BATCH}
        ) returning ${COLUMNS}
      )
      insert into archived_jobs (${COLUMNS}) select ${COLUMNS} from moved
      returning id`)) as unknown as { rows: unknown[] };
    const count = moved.rows.length;
    outcome.archived += count;
    if (count < BATCH) break;
  }
  // The graphs and pictures of the deleted jobs go with them, in the same statement.
  const deleted = (await db.execute(sql`
    with gone as (
      delete from jobs where synthetic = true and begin_date < ${cutoff}::timestamptz returning id
    ), graphs as (
      delete from job_graphs where job_id in (select id from gone) returning media_key
    ), pictures as (
      delete from job_pictures where job_id in (select id from gone) returning media_key
    )
    select (select count(*) from gone)::int as jobs,
      coalesce((select array_agg(media_key) from (select media_key from graphs union all
        select media_key from pictures) as files), '{}') as keys`)) as unknown as {
    rows: { jobs: number; keys: string[] }[];
  };
  outcome.deleted = Number(deleted.rows[0]?.jobs ?? 0);
  outcome.mediaKeys = deleted.rows[0]?.keys ?? [];
  return outcome;
}
