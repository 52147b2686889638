import {
  PENDING_TASK_STATUSES,
  TASK_CANCELLED,
  TASK_PAGE_SIZE,
  TASK_STATUS,
  TASK_VIEWER_SIZE,
  type CursorPaging,
  type Task,
  type TaskDownloadAnswer,
  type TaskStatus,
} from '@fleet/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tasks } from '../../db/schema.ts';
import { conflict, HttpError, notFound } from '../../lib/errors.ts';
import { decodeCursor, isInstant, keysetPage } from '../../lib/keyset.ts';
import { ListQuery, cursorPagingParameters, sortOrderOf, type RawQuery } from '../../lib/list-request.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import {
  archiveTask,
  cancelTask,
  findOwnTask,
  findTaskPage,
  respawnTask,
  type ShownTaskRow,
} from './repository.ts';

export const TASK_QUERY = cursorPagingParameters(['PostedDateTime'], TASK_PAGE_SIZE, 'DESC');

export function toTask(row: ShownTaskRow): Task {
  return {
    requestId: row.id,
    kind: row.kind as Task['kind'],
    description: row.description,
    name: row.fileName,
    status: row.shownStatus as TaskStatus,
    postedDateTime: row.postedAt.toISOString(),
    startedDateTime: row.startedAt?.toISOString() ?? null,
    finishedDateTime: row.finishedAt?.toISOString() ?? null,
    progress:
      row.rowsTotal !== null && row.rowsDone !== null ? { done: row.rowsDone, total: row.rowsTotal } : null,
    error: row.status === TASK_STATUS.ENDED || row.status === TASK_STATUS.RETRYING ? row.error : null,
    expiresAt: row.status === TASK_STATUS.DONE ? (row.expiresAt?.toISOString() ?? null) : null,
  };
}

export async function listTasks(
  db: Db,
  user: SignedInUser,
  raw: RawQuery,
): Promise<{ tasks: Task[]; paging: CursorPaging }> {
  const query = new ListQuery(raw, TASK_QUERY);
  const pageSize = query.pageSize(TASK_PAGE_SIZE);
  const sortOrder = sortOrderOf(query, 'DESC');
  query.check();
  const cursor = decodeCursor(query.one('cursor'), isInstant, isUuid);
  const rows = await findTaskPage(db, user.id, cursor, pageSize, sortOrder);
  const page = keysetPage(cursor, rows, pageSize, (row) => ({ key: row.postedAt.toISOString(), id: row.id }));
  return { tasks: page.rows.map(toTask), paging: page.paging };
}

/** The viewer: the user's most recent pending tasks. */
export async function pendingTaskList(db: Db, user: SignedInUser): Promise<Task[]> {
  const rows = await findTaskPage(
    db,
    user.id,
    { at: 'first' },
    TASK_VIEWER_SIZE,
    'DESC',
    inArray(tasks.status, [...PENDING_TASK_STATUSES]),
  );
  return rows.slice(0, TASK_VIEWER_SIZE).map(toTask);
}

async function ownTask(db: Db, user: SignedInUser, id: string): Promise<ShownTaskRow> {
  const row = isUuid(id) ? await findOwnTask(db, user.id, id) : undefined;
  if (!row) throw notFound(`No task ${id}`);
  return row;
}

const gone = () => new HttpError(410, 'The export file is no more available. Please run again your request.');

export async function taskDownload(
  db: Db,
  media: MediaStorage,
  user: SignedInUser,
  id: string,
): Promise<TaskDownloadAnswer> {
  const row = await ownTask(db, user, id);
  if (row.status !== TASK_STATUS.DONE)
    throw conflict('This task has no file to download: it has not finished with one');
  if (!row.mediaKey || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) throw gone();
  return { mediaLink: media.link(row.mediaKey), Description: row.description };
}

async function removeFile(media: MediaStorage, mediaKey: string | null) {
  if (mediaKey) await media.delete(mediaKey);
}

export async function respawn(db: Db, media: MediaStorage, user: SignedInUser, id: string): Promise<Task> {
  await ownTask(db, user, id);
  const before = await respawnTask(db, user.id, id);
  if (!before) throw conflict('Only a task that has ended can be run again');
  await removeFile(media, before.mediaKey);
  return toTask(await ownTask(db, user, id));
}

export async function archive(db: Db, media: MediaStorage, user: SignedInUser, id: string): Promise<void> {
  await ownTask(db, user, id);
  const before = await archiveTask(db, user.id, id);
  if (!before) throw conflict('Only a task that has ended can be archived');
  await removeFile(media, before.mediaKey);
}

export async function cancel(db: Db, user: SignedInUser, id: string): Promise<Task> {
  await ownTask(db, user, id);
  if (!(await cancelTask(db, user.id, id, TASK_CANCELLED)))
    throw conflict('Only a task that is waiting can be cancelled: this one has started or ended');
  return toTask(await ownTask(db, user, id));
}
