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
}

/**
 * Moves the jobs that began before the retention period to the archived jobs, with their ids, in
 * batches of one statement each (each batch is whole: a job is in one table or the other, never both
 * or neither). Synthetic jobs that old are deleted.
 */
export async function archiveJobs(db: Db, now: Date = new Date()): Promise<ArchiveOutcome> {
  const cutoff = new Date(now.getTime() - JOB_RETENTION_DAYS * DAY_MS).toISOString();
  const outcome: ArchiveOutcome = { archived: 0, deleted: 0 };
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
  const deleted = (await db.execute(
    sql`delete from jobs where synthetic = true and begin_date < ${cutoff}::timestamptz returning id`,
  )) as unknown as { rows: unknown[] };
  outcome.deleted = deleted.rows.length;
  return outcome;
}
