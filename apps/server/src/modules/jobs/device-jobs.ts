import { eq } from 'drizzle-orm';
import { DEVICE_CLOCK_WINDOW_MS, fieldRuleOf, jobReportSchema, type JobReport } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { series } from '../../db/schema.ts';
import { badRequest, type FieldProblem } from '../../lib/errors.ts';
import { insertJobs } from './store.ts';

/**
 * Accepts a job a device produced (`POST /api/devices/jobs`, and a corrupted job reprocessed): a begin
 * date later than the server's clock allows is refused; the job takes the device's company, group and
 * type as they are now.
 */
export async function acceptDeviceJob(
  db: Db,
  seriesId: number,
  job: JobReport,
  now = new Date(),
): Promise<number> {
  const beginDate = new Date(job.beginDate);
  if (beginDate.getTime() > now.getTime() + DEVICE_CLOCK_WINDOW_MS)
    throw badRequest('Invalid beginDate: in the future', [
      { field: 'body.beginDate', message: "is later than the server's time", rule: { kind: 'invalid' } },
    ]);
  const [owner] = await db
    .select({ companyId: series.companyId, groupId: series.groupId, deviceType: series.deviceType })
    .from(series)
    .where(eq(series.id, seriesId));
  const [id] = await insertJobs(db, [
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
  return id!;
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
