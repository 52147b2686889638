import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { JOB_PICTURE_SORT_COLUMNS, type JobGraphSummary, type JobPicture } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { jobGraphs, jobPictures, jobs } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { containsPattern, type ListQuery, offsetPaging, offsetPage } from '../../lib/list-request.ts';
import type { AuthenticatedDevice } from '../../lib/authenticated-device.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { isPng } from '../screenshots/service.ts';
import { encodeGraph, parseGraphCsv } from './graph-file.ts';
import { findJobInScope } from './service.ts';

type GraphRow = typeof jobGraphs.$inferSelect;

function toGraphSummary(row: GraphRow): JobGraphSummary {
  return {
    id: String(row.id),
    graphFileName: row.fileName,
    beginDate: row.beginDate.toISOString(),
    workflow: row.workflow,
    curveNames: row.curveNames,
    pointCount: row.pointCount,
  };
}

/** A job's graph files, oldest recording first (jobs spec §7 `GET Jobs/{id}/Graphs`). */
export async function listGraphs(db: Db, user: SignedInUser, id: string) {
  const { job } = await findJobInScope(db, user, id);
  const rows = await db
    .select()
    .from(jobGraphs)
    .where(eq(jobGraphs.jobId, Number(job.id)))
    .orderBy(asc(jobGraphs.beginDate), asc(jobGraphs.id));
  return { data: rows.map(toGraphSummary), totalCount: rows.length };
}

/** One graph, if the user may see its job; its points stay in media storage. */
export async function findGraph(db: Db, user: SignedInUser, graphId: string) {
  const id = /^[0-9]{1,15}$/.test(graphId) ? Number(graphId) : NaN;
  const [row] = Number.isSafeInteger(id) ? await db.select().from(jobGraphs).where(eq(jobGraphs.id, id)) : [];
  if (!row) throw notFound(`No graph ${graphId}`);
  // The job decides who sees its graphs: the company it was done for, wherever the device went since.
  await findJobInScope(db, user, String(row.jobId)).catch(() => {
    throw notFound(`No graph ${graphId}`);
  });
  return { summary: toGraphSummary(row), mediaKey: row.mediaKey };
}

/** The device's own live job, or a 404: a device adds files to its jobs only. */
async function deviceJob(db: Db, device: AuthenticatedDevice, jobId: string) {
  const id = /^[0-9]{1,15}$/.test(jobId) ? Number(jobId) : NaN;
  const [job] = Number.isSafeInteger(id)
    ? await db
        .select({ id: jobs.id, workflow: jobs.workflow, beginDate: jobs.beginDate })
        .from(jobs)
        .where(and(eq(jobs.id, id), eq(jobs.seriesId, device.id)))
    : [];
  if (!job) throw notFound(`No job ${jobId} of this device`);
  return { ...job, id: Number(job.id) };
}

/** Row first, then the file; a file that cannot be stored takes its row back. */
async function storeWithRow<T>(
  media: MediaStorage,
  insert: () => Promise<T>,
  key: string,
  bytes: Buffer,
  remove: (row: T) => Promise<unknown>,
): Promise<T> {
  const row = await insert();
  try {
    await media.put(key, bytes);
  } catch (error) {
    await remove(row);
    throw error;
  }
  return row;
}

const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._ -]{0,199}$/;
export function checkFileName(name: string | undefined): string {
  if (!name || !FILE_NAME.test(name) || name.includes('..'))
    throw badRequest(
      'query.fileName: must be a file name of letters, digits, dots, dashes, underscores and spaces',
      [
        {
          field: 'query.fileName',
          message: 'must be a file name of letters, digits, dots, dashes, underscores and spaces',
          rule: { kind: 'format' },
        },
      ],
    );
  return name;
}

/** A graph file a device recorded during one of its jobs (CSV, docs/job-detail.md). */
export async function storeGraph(
  db: Db,
  media: MediaStorage,
  device: AuthenticatedDevice,
  jobId: string,
  upload: { fileName: string; csv: string; beginDate?: Date | undefined; workflow?: string | undefined },
): Promise<JobGraphSummary> {
  const job = await deviceJob(db, device, jobId);
  const { curves, pointCount } = parseGraphCsv(upload.csv);
  const file = encodeGraph(curves);
  const mediaKey = `graphs/${job.id}/${randomUUID()}.bin`;
  const row = await storeWithRow(
    media,
    async () =>
      (
        await db
          .insert(jobGraphs)
          .values({
            jobId: job.id,
            seriesId: device.id,
            fileName: upload.fileName,
            beginDate: upload.beginDate ?? job.beginDate,
            workflow: upload.workflow ?? job.workflow,
            curveNames: curves.map((curve) => curve.name),
            pointCount,
            mediaKey,
            bytes: file.length,
          })
          .returning()
      )[0]!,
    mediaKey,
    file,
    (row) => db.delete(jobGraphs).where(eq(jobGraphs.id, row.id)),
  );
  return toGraphSummary(row);
}

// ---------------------------------------------------------------- pictures

type PictureRow = typeof jobPictures.$inferSelect;

function toPicture(media: MediaStorage, row: PictureRow): JobPicture {
  return {
    id: String(row.id),
    filename: row.fileName,
    mediaLink: media.link(row.mediaKey),
    metadata: row.metadata,
    postedDate: row.postedDate.toISOString(),
  };
}

/**
 * A job's pictures (jobs spec §7): by Name (default) or PostedDate, paged by number, and searched in
 * file names and metadata values.
 */
export async function listPictures(
  db: Db,
  media: MediaStorage,
  user: SignedInUser,
  id: string,
  query: ListQuery,
) {
  const paging = offsetPaging(query, JOB_PICTURE_SORT_COLUMNS);
  const search = query.one('Search');
  query.check();
  const { job } = await findJobInScope(db, user, id);
  const pattern = search ? containsPattern(search) : null;
  const where = and(
    eq(jobPictures.jobId, Number(job.id)),
    pattern
      ? or(ilike(jobPictures.fileName, pattern), sql`${jobPictures.metadata}::text ilike ${pattern}`)
      : undefined,
  );
  const column = paging.sortColumnName === 'PostedDate' ? jobPictures.postedDate : jobPictures.fileName;
  const order = paging.sortOrder === 'DESC' ? desc : asc;
  const { rows, total } = await offsetPage(
    db.select().from(jobPictures).where(where).orderBy(order(column), order(jobPictures.id)),
    db.select({ n: count() }).from(jobPictures).where(where),
    paging,
  );
  return { data: rows.map((row) => toPicture(media, row)), totalCount: total };
}

export async function getPicture(
  db: Db,
  media: MediaStorage,
  user: SignedInUser,
  id: string,
  pictureId: string,
) {
  const { job } = await findJobInScope(db, user, id);
  const number = /^[0-9]{1,15}$/.test(pictureId) ? Number(pictureId) : NaN;
  const [row] = Number.isSafeInteger(number)
    ? await db
        .select()
        .from(jobPictures)
        .where(and(eq(jobPictures.id, number), eq(jobPictures.jobId, Number(job.id))))
    : [];
  if (!row) throw notFound(`No picture ${pictureId} of job ${id}`);
  return toPicture(media, row);
}

const isJpeg = (bytes: Buffer) =>
  bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

/** A picture a device took during one of its jobs: PNG or JPEG, with its metadata. */
export async function storePicture(
  db: Db,
  media: MediaStorage,
  device: AuthenticatedDevice,
  jobId: string,
  upload: { fileName: string; bytes: Buffer; metadata: Record<string, string> },
): Promise<JobPicture> {
  const job = await deviceJob(db, device, jobId);
  const extension = isPng(upload.bytes) ? '.png' : isJpeg(upload.bytes) ? '.jpg' : null;
  if (!extension)
    throw badRequest('body: must be a PNG or JPEG image', [
      { field: 'body', message: 'must be a PNG or JPEG image', rule: { kind: 'format' } },
    ]);
  const mediaKey = `pictures/${job.id}/${randomUUID()}${extension}`;
  const row = await storeWithRow(
    media,
    async () =>
      (
        await db
          .insert(jobPictures)
          .values({
            jobId: job.id,
            seriesId: device.id,
            fileName: upload.fileName,
            metadata: upload.metadata,
            mediaKey,
            bytes: upload.bytes.length,
          })
          .returning()
      )[0]!,
    mediaKey,
    upload.bytes,
    (row) => db.delete(jobPictures).where(eq(jobPictures.id, row.id)),
  );
  return toPicture(media, row);
}
