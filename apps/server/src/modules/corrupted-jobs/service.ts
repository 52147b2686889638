import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import {
  CORRUPTED_JOB_STATUSES,
  SEARCH_MAX_LENGTH,
  type CorruptedJob,
  type FieldIssue,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { corruptedJobs, series } from '../../db/schema.ts';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import {
  ListQuery,
  containsPattern,
  offsetPaging,
  offsetPagingParameters,
  sortOrderOf,
  type QueryParameter,
  type RawQuery,
  offsetPage,
} from '../../lib/list-request.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';
import { acceptDeviceJob, readJobReport } from '../jobs/device-jobs.ts';

/** The payload as it came, within the job route's limit; what cannot be written as JSON is kept as text. */
function payloadText(body: unknown): string {
  if (typeof body === 'string') return body;
  try {
    return JSON.stringify(body, null, 2) ?? String(body);
  } catch {
    return String(body);
  }
}

/** Keeps a job a device sent that was refused, with why. */
export async function keepCorruptedJob(db: Db, seriesId: number, body: unknown, reason: FieldIssue[]) {
  await db.insert(corruptedJobs).values({ seriesId, payload: payloadText(body), reason });
}

const columns = {
  id: corruptedJobs.id,
  serialNumber: series.serialNumber,
  seriesId: corruptedJobs.seriesId,
  receivedAt: corruptedJobs.receivedAt,
  reason: corruptedJobs.reason,
  payload: corruptedJobs.payload,
  status: corruptedJobs.status,
  jobId: corruptedJobs.jobId,
  resolvedBy: corruptedJobs.resolvedBy,
  resolvedAt: corruptedJobs.resolvedAt,
};

type Row = Awaited<ReturnType<typeof selectRows>>[number];
const selectRows = (db: Db, where: SQL | undefined) =>
  db
    .select(columns)
    .from(corruptedJobs)
    .innerJoin(series, eq(series.id, corruptedJobs.seriesId))
    .where(where);

function toCorruptedJob(row: Row): CorruptedJob {
  return {
    id: row.id,
    serialNumber: row.serialNumber,
    receivedAt: row.receivedAt.toISOString(),
    reason: row.reason,
    payload: row.payload,
    status: row.status,
    jobId: row.jobId === null ? null : String(row.jobId),
    resolvedBy: row.resolvedBy,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

export const CORRUPTED_JOB_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(['ReceivedAt']),
  { name: 'SerialNumber', description: 'Text in the serial number of the device that sent it.' },
  { name: 'Status', description: 'open, reprocessed or discarded.', values: CORRUPTED_JOB_STATUSES },
];

/** The jobs devices sent that were refused, newest first. */
export async function listCorruptedJobs(db: Db, raw: RawQuery) {
  const query = new ListQuery(raw, CORRUPTED_JOB_QUERY);
  const paging = offsetPaging(query, ['ReceivedAt']);
  const where: SQL[] = [];
  const serialNumber = query.one('SerialNumber');
  if (serialNumber !== undefined) {
    if (serialNumber.length > SEARCH_MAX_LENGTH)
      query.problem('SerialNumber', `must be at most ${SEARCH_MAX_LENGTH} characters`);
    where.push(ilike(series.serialNumber, containsPattern(serialNumber)));
  }
  const [status] = query.choices('Status', CORRUPTED_JOB_STATUSES);
  if (status) where.push(eq(corruptedJobs.status, status));
  query.check();
  const order = sortOrderOf(query, 'DESC') === 'ASC' ? corruptedJobs.id : desc(corruptedJobs.id);
  const { rows, total } = await offsetPage(
    selectRows(db, and(...where)).orderBy(order),
    db
      .select({ n: count() })
      .from(corruptedJobs)
      .innerJoin(series, eq(series.id, corruptedJobs.seriesId))
      .where(and(...where)),
    paging,
  );
  return { corruptedJobs: rows.map(toCorruptedJob), totalCount: total };
}

async function openJob(db: Db, id: number): Promise<Row> {
  const [row] = await selectRows(db, eq(corruptedJobs.id, id));
  if (!row) throw notFound(`No corrupted job ${id}`);
  if (row.status !== 'open') throw conflict(`Corrupted job ${id} is ${row.status} already`);
  return row;
}

/**
 * Reprocesses a fixed payload through the very code that accepts device jobs: a payload still refused is
 * a 400 naming the fields (the corrupted job stays open, its payload unchanged); otherwise the job is
 * created, and the corrupted job marked reprocessed with it, with its audit entry.
 */
export async function reprocessCorruptedJob(db: Db, user: SignedInUser, id: number, payload: string) {
  const row = await openJob(db, id);
  const read = readJobReport(payload);
  if ('problems' in read)
    throw badRequest(
      `The job is still refused: ${read.problems[0]!.field} ${read.problems[0]!.message}`,
      read.problems,
    );
  const jobId = await db.transaction(async (tx) => {
    const { id: created } = await acceptDeviceJob(tx, row.seriesId, read.job).catch((error: unknown) => {
      if (error instanceof HttpError)
        throw badRequest(`The job is still refused: ${error.message}`, error.details);
      throw error;
    });
    await tx
      .update(corruptedJobs)
      .set({ status: 'reprocessed', payload, jobId: created, resolvedBy: user.name, resolvedAt: new Date() })
      .where(eq(corruptedJobs.id, id));
    await recordAudit(tx, user, {
      action: 'corrupted-job.reprocess',
      subjectType: 'corrupted-job',
      subjectId: String(id),
      details: { serialNumber: row.serialNumber, jobId: String(created) },
    });
    return created;
  });
  return { ...toCorruptedJob((await selectRows(db, eq(corruptedJobs.id, id)))[0]!), jobId: String(jobId) };
}

/** Throws a kept job away, with its audit entry. */
export async function discardCorruptedJob(db: Db, user: SignedInUser, id: number) {
  const row = await openJob(db, id);
  await db.transaction(async (tx) => {
    await tx
      .update(corruptedJobs)
      .set({ status: 'discarded', resolvedBy: user.name, resolvedAt: new Date() })
      .where(eq(corruptedJobs.id, id));
    await recordAudit(tx, user, {
      action: 'corrupted-job.discard',
      subjectType: 'corrupted-job',
      subjectId: String(id),
      details: { serialNumber: row.serialNumber, reason: row.reason },
    });
  });
  return toCorruptedJob((await selectRows(db, eq(corruptedJobs.id, id)))[0]!);
}
