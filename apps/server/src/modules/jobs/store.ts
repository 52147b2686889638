import { sql } from 'drizzle-orm';
import type { DemoJob } from '@fleet/device-kit/demo-jobs';
import type { Db } from '../../db/client.ts';

/**
 * A job as it is written: what a device reports (the fields the device kit's jobs have), with the
 * device's company and group of that moment.
 */
export interface NewJob extends DemoJob {
  seriesId: number;
  companyId: string | null;
  groupId: number | null;
  deviceType: string;
}

const BATCH = 2000;

/**
 * Writes jobs in batches of one statement and one parameter each (the rows as JSON, read back by
 * jsonb_to_recordset): as fast on PGlite as on PostgreSQL, whatever the batch size. Answers the new ids.
 */
export async function insertJobs(
  db: Db,
  rows: readonly NewJob[],
  table: 'jobs' | 'archived_jobs' = 'jobs',
): Promise<number[]> {
  // Archived jobs keep the numbering of the live ones: one sequence gives every job its id.
  const [into, id] =
    table === 'jobs'
      ? [sql.raw('jobs ('), sql.raw('')]
      : [sql.raw('archived_jobs (id, '), sql.raw("nextval('jobs_id_seq'), ")];
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH).map((row) => ({
      series_id: row.seriesId,
      company_id: row.companyId,
      group_id: row.groupId,
      device_type: row.deviceType,
      workflow: row.workflow,
      job_type: row.jobType,
      job_status: row.jobStatus,
      synthetic: row.synthetic,
      begin_date: row.beginDate.toISOString(),
      posted_date: row.postedDate.toISOString(),
      user_name: row.userName,
      data: row.data,
      valid_cal: row.validCal,
      valid_chk: row.validChk,
      gresst: row.gresst,
    }));
    const result = (await db.execute(sql`
      insert into ${into}series_id, company_id, group_id, device_type, workflow, job_type, job_status, synthetic,
        begin_date, posted_date, user_name, data, valid_cal, valid_chk, gresst)
      select ${id}series_id, company_id, group_id, device_type, workflow, job_type, job_status, synthetic,
        begin_date, posted_date, user_name, data, valid_cal, valid_chk, gresst
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(series_id integer, company_id uuid,
        group_id integer, device_type varchar, workflow varchar, job_type smallint, job_status smallint,
        synthetic boolean, begin_date timestamptz, posted_date timestamptz, user_name varchar, data jsonb,
        valid_cal smallint, valid_chk smallint, gresst smallint)
      returning id`)) as unknown as { rows: { id: string | number }[] };
    ids.push(...result.rows.map((row) => Number(row.id)));
  }
  return ids;
}
