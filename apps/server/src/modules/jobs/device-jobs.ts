import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEVICE_CLOCK_WINDOW_MS, fieldRuleOf, jobReportSchema, type JobReport } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { jobs, series } from '../../db/schema.ts';
import { badRequest, type FieldProblem } from '../../lib/errors.ts';
import { insertJobs } from './store.ts';

/**
 * The job of this device already kept that is the same as `job` (same begin date, workflow, type,
 * status, user and data): a device that got no answer sends its job again.
 */
async function sameJob(db: Db, seriesId: number, job: JobReport, beginDate: Date) {
  const [kept] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.seriesId, seriesId),
        eq(jobs.synthetic, job.synthetic ?? false),
        eq(jobs.beginDate, beginDate),
        eq(jobs.workflow, job.workflow),
        eq(jobs.jobType, job.jobType),
        eq(jobs.jobStatus, job.jobStatus),
        job.user ? eq(jobs.userName, job.user) : isNull(jobs.userName),
        sql`${jobs.data} = ${JSON.stringify(job.data)}::jsonb`,
      ),
    )
    .limit(1);
  return kept?.id;
}

/**
 * Accepts a job a device produced (`POST /api/devices/jobs`, and a corrupted job reprocessed): a begin
 * date later than the server's clock allows is refused; the job takes the device's company, group and
 * type as they are now. The same job sent again is not kept twice: its id is the one already kept.
 */
export async function acceptDeviceJob(
  db: Db,
  seriesId: number,
  job: JobReport,
  now = new Date(),
): Promise<{ id: number; created: boolean }> {
  const beginDate = new Date(job.beginDate);
  if (beginDate.getTime() > now.getTime() + DEVICE_CLOCK_WINDOW_MS)
    throw badRequest('Invalid beginDate: in the future', [
      { field: 'body.beginDate', message: "is later than the server's time", rule: { kind: 'invalid' } },
    ]);
  return db.transaction(async (tx) => {
    // Two copies of one job arriving together: the second waits for the first, then finds it.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`device-job:${seriesId}:${beginDate.toISOString()}`}))`,
    );
    const kept = await sameJob(tx, seriesId, job, beginDate);
    if (kept !== undefined) return { id: kept, created: false };
    const [owner] = await tx
      .select({ companyId: series.companyId, groupId: series.groupId, deviceType: series.deviceType })
      .from(series)
      .where(eq(series.id, seriesId));
    const [id] = await insertJobs(tx, [
      {
        seriesId,
        companyId: owner!.companyId,
        groupId: owner!.groupId,
        deviceType: owner!.deviceType,
        workflow: job.workflow,
        jobType: job.jobType,
        jobStatus: job.jobStatus,
        synthetic: job.synthetic ?? false,
        beginDate,
        postedDate: now,
        userName: job.user ?? null,
        data: job.data,
        validCal: job.result.validCal,
        validChk: job.result.validChk,
        gresst: job.result.gresst ?? null,
      },
    ]);
    return { id: id!, created: true };
  });
}

/** A job's JSON read as a device's report would be: problems by field, as the device route names them. */
export function readJobReport(payload: string): { job: JobReport } | { problems: FieldProblem[] } {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch (error) {
    return {
      problems: [
        { field: 'body', message: `is not JSON (${(error as Error).message})`, rule: { kind: 'format' } },
      ],
    };
  }
  const parsed = jobReportSchema.safeParse(value);
  if (parsed.success) return { job: parsed.data };
  return {
    problems: parsed.error.issues.map((issue) => ({
      field: ['body', ...issue.path.map(String)].join('.'),
      message: issue.message,
      rule: fieldRuleOf(issue),
    })),
  };
}
