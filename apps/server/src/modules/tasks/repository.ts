import { and, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { TASK_STATUS, WAITING_TASK_STATUSES, type TaskKind } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { tasks } from '../../db/schema.ts';
import { keysetOrder, type Cursor } from '../../lib/keyset.ts';

export type TaskRow = typeof tasks.$inferSelect;

/**
 * The waiting statuses as stored, the ones a worker takes and an owner may cancel: 84 is never stored (a
 * queued task shown behind its owner's running one).
 */
const WAITING = WAITING_TASK_STATUSES.filter((status) => status !== TASK_STATUS.WAITING);
const ENDED = [TASK_STATUS.DONE, TASK_STATUS.ENDED];

/** The status a user sees: a queued task whose owner has another one running shows as waiting (84). */
const shownStatus = sql<number>`case when ${tasks.status} = ${TASK_STATUS.QUEUED} and exists (
    select 1 from ${tasks} running where running.user_id = ${tasks.userId}
      and running.status = ${TASK_STATUS.RUNNING} and running.id <> ${tasks.id}
  ) then ${TASK_STATUS.WAITING} else ${tasks.status} end`;

export type ShownTaskRow = TaskRow & { shownStatus: number };

const shownColumns = { task: tasks, shownStatus };
const flatten = (rows: { task: TaskRow; shownStatus: number }[]): ShownTaskRow[] =>
  rows.map((row) => ({ ...row.task, shownStatus: Number(row.shownStatus) }));

export async function insertTask(
  db: Db,
  task: {
    id: string;
    userId: string;
    kind: TaskKind;
    description: string;
    fileName: string;
    request: unknown;
  },
): Promise<void> {
  await db.insert(tasks).values({ ...task, status: TASK_STATUS.QUEUED });
}

/** A user's task that is not archived. */
export async function findOwnTask(db: Db, userId: string, id: string): Promise<ShownTaskRow | undefined> {
  const rows = await db
    .select(shownColumns)
    .from(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.userId, userId), isNull(tasks.archivedAt)));
  return flatten(rows)[0];
}

/** One page of a user's tasks, newest first, by keyset on (posted, id). */
export async function findTaskPage(
  db: Db,
  userId: string,
  cursor: Cursor,
  pageSize: number,
  sortOrder: 'ASC' | 'DESC',
  where: SQL | undefined = undefined,
): Promise<ShownTaskRow[]> {
  const keyset = keysetOrder(cursor, sortOrder, tasks.postedAt, tasks.id, (key) => sql`${key}::timestamptz`);
  const rows = await db
    .select(shownColumns)
    .from(tasks)
    .where(and(eq(tasks.userId, userId), isNull(tasks.archivedAt), where, keyset.where))
    .orderBy(...keyset.orderBy)
    .limit(pageSize + 1);
  return flatten(rows);
}

/**
 * Takes the oldest waiting task whose owner has no other task running, or a running one whose lease ran
 * out (its server stopped): marked running, leased to `node`. Two workers never take the same task.
 */
export async function claimTask(db: Db, node: string, leaseMs: number): Promise<TaskRow | undefined> {
  const result = (await db.execute(sql`
    update ${tasks} set
      status = ${TASK_STATUS.RUNNING}, locked_by = ${node},
      locked_until = now() + ${`${leaseMs} milliseconds`}::interval,
      started_at = now(), attempts = ${tasks.attempts} + 1, rows_done = null, rows_total = null
    where ${tasks.id} = (
      select candidate.id from ${tasks} candidate
      where candidate.archived_at is null and (
        (candidate.status in (${sql.join(WAITING, sql`, `)}) and candidate.run_after <= now())
        or (candidate.status = ${TASK_STATUS.RUNNING} and candidate.locked_until < now())
      ) and not exists (
        select 1 from ${tasks} running where running.user_id = candidate.user_id
          and running.status = ${TASK_STATUS.RUNNING} and running.locked_until >= now()
          and running.id <> candidate.id
      )
      order by candidate.created_at, candidate.id
      limit 1
      for update skip locked
    )
    returning id`)) as unknown as { rows: { id: string }[] };
  const id = result.rows[0]?.id;
  if (!id) return undefined;
  const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
  return row;
}

/** Running tasks whose server stopped: shown as restarting until a worker takes them. */
export async function markStalled(db: Db, options: { all: boolean }): Promise<number> {
  const rows = await db
    .update(tasks)
    .set({ status: TASK_STATUS.RESTARTING, lockedBy: null, lockedUntil: null })
    .where(
      and(eq(tasks.status, TASK_STATUS.RUNNING), options.all ? undefined : lt(tasks.lockedUntil, sql`now()`)),
    )
    .returning({ id: tasks.id });
  return rows.length;
}

const held = (id: string, node: string) =>
  and(eq(tasks.id, id), eq(tasks.lockedBy, node), eq(tasks.status, TASK_STATUS.RUNNING));

/** Extends the lease and records progress; false when the task is no longer this worker's. */
export async function renewLease(
  db: Db,
  id: string,
  node: string,
  leaseMs: number,
  progress: { done: number; total: number } | null,
): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({
      lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      ...(progress ? { rowsDone: progress.done, rowsTotal: progress.total } : {}),
    })
    .where(held(id, node))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

export async function finishTask(
  db: Db,
  id: string,
  node: string,
  file: { mediaKey: string; size: number; expiresAt: Date; rows: number },
): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({
      status: TASK_STATUS.DONE,
      finishedAt: sql`now()`,
      mediaKey: file.mediaKey,
      mediaSize: file.size,
      expiresAt: file.expiresAt,
      rowsDone: file.rows,
      rowsTotal: file.rows,
      error: null,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(held(id, node))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/** Hands a running task back to the queue (its server is stopping): any worker restarts it. */
export async function releaseTask(db: Db, id: string, node: string): Promise<void> {
  await db
    .update(tasks)
    .set({ status: TASK_STATUS.RESTARTING, lockedBy: null, lockedUntil: null })
    .where(held(id, node));
}

/** An attempt that failed: tried again at `retryAt`, or ended (70) when there is none. */
export async function failTask(
  db: Db,
  id: string,
  node: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(tasks)
    .set({
      status: retryAt ? TASK_STATUS.RETRYING : TASK_STATUS.ENDED,
      error,
      runAfter: retryAt ?? sql`${tasks.runAfter}`,
      finishedAt: retryAt ? null : sql`now()`,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(held(id, node));
}

/** Ends a waiting task of its owner (70, "Cancelled"); false when it is not waiting (any more). */
export async function cancelTask(db: Db, userId: string, id: string, error: string): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ status: TASK_STATUS.ENDED, error, finishedAt: sql`now()` })
    .where(
      and(
        eq(tasks.id, id),
        eq(tasks.userId, userId),
        isNull(tasks.archivedAt),
        inArray(tasks.status, WAITING),
      ),
    )
    .returning({ id: tasks.id });
  return rows.length > 0;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Changes an ended task of its owner, locked while it changes; answers the file it had (to remove), or
 * undefined when there is no such ended task.
 */
async function changeEnded(
  db: Db,
  userId: string,
  id: string,
  change: (tx: Tx) => Promise<unknown>,
): Promise<{ mediaKey: string | null } | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ mediaKey: tasks.mediaKey })
      .from(tasks)
      .where(
        and(
          eq(tasks.id, id),
          eq(tasks.userId, userId),
          isNull(tasks.archivedAt),
          inArray(tasks.status, ENDED),
        ),
      )
      .for('update');
    if (!before) return undefined;
    await change(tx);
    return before;
  });
}

/** Queues an ended task again under its id; answers the file it had, to remove. */
export function respawnTask(db: Db, userId: string, id: string) {
  return changeEnded(db, userId, id, (tx) =>
    tx
      .update(tasks)
      .set({
        status: TASK_STATUS.QUEUED,
        postedAt: sql`now()`,
        runAfter: sql`now()`,
        attempts: 0,
        startedAt: null,
        finishedAt: null,
        rowsDone: null,
        rowsTotal: null,
        error: null,
        mediaKey: null,
        mediaSize: null,
        expiresAt: null,
      })
      .where(eq(tasks.id, id)),
  );
}

/** Hides an ended task; answers the file it had, to remove. */
export function archiveTask(db: Db, userId: string, id: string) {
  return changeEnded(db, userId, id, (tx) =>
    tx
      .update(tasks)
      .set({ archivedAt: sql`now()`, mediaKey: null })
      .where(eq(tasks.id, id)),
  );
}

/** Done tasks whose file has expired: their files, forgotten by the task (a download then answers 410). */
export async function takeExpiredFiles(db: Db, limit: number): Promise<string[]> {
  const result = (await db.execute(sql`
    with expired as (
      select id, media_key from ${tasks}
      where media_key is not null and expires_at < now()
      limit ${limit} for update skip locked
    )
    update ${tasks} set media_key = null from expired where ${tasks.id} = expired.id
    returning expired.media_key`)) as unknown as { rows: { media_key: string }[] };
  return result.rows.map((row) => row.media_key);
}

export async function deleteArchivedBefore(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(tasks).where(lt(tasks.archivedAt, before)).returning({ id: tasks.id });
  return rows.length;
}

/** The stored statuses of tasks not ended, by the name the metrics give them. */
export const PENDING_STATES = {
  running: TASK_STATUS.RUNNING,
  queued: TASK_STATUS.QUEUED,
  restarting: TASK_STATUS.RESTARTING,
  retrying: TASK_STATUS.RETRYING,
} as const;
export type PendingState = keyof typeof PENDING_STATES;

/**
 * Tasks not ended, by status: running ones counted up to `limit`, waiting ones up to `limit` in all. The
 * two halves match the partial indexes on waiting and running tasks (constants, not parameters, so the
 * planner sees they match): the cost follows the tasks not ended, never the history of ended ones.
 */
export function pendingTasksQuery(limit: number): SQL {
  const waiting = sql.raw(WAITING.join(', '));
  const running = sql.raw(String(TASK_STATUS.RUNNING));
  return sql`
    select status, count(*)::int as count from (
      (select status from ${tasks} where status in (${waiting}) limit ${limit})
      union all
      (select status from ${tasks} where status = ${running} limit ${limit})
    ) pending
    group by status`;
}

export async function countPendingTasks(db: Db, limit: number): Promise<Record<PendingState, number>> {
  const result = (await db.execute(pendingTasksQuery(limit))) as unknown as {
    rows: { status: number; count: number }[];
  };
  const counts = Object.fromEntries(Object.keys(PENDING_STATES).map((state) => [state, 0])) as Record<
    PendingState,
    number
  >;
  for (const [state, status] of Object.entries(PENDING_STATES)) {
    const row = result.rows.find((candidate) => Number(candidate.status) === status);
    counts[state as PendingState] = Number(row?.count ?? 0);
  }
  return counts;
}

/** Seconds the oldest task that may run now has waited (its run time passed), 0 when none waits. */
export async function oldestWaitingSeconds(db: Db): Promise<number> {
  const result = (await db.execute(sql`
    select extract(epoch from now() - min(run_after))::float8 as seconds from ${tasks}
    where status in (${sql.raw(WAITING.join(', '))}) and run_after <= now()`)) as unknown as {
    rows: { seconds: number | string | null }[];
  };
  return Math.max(0, Number(result.rows[0]?.seconds ?? 0));
}
