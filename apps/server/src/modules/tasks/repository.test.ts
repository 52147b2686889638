import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { TASK_STATUS } from '@fleet/contract';
import { tasks, users } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import {
  claimTask,
  countPendingTasks,
  insertTask,
  markStalled,
  oldestWaitingSeconds,
  pendingTasksQuery,
} from './repository.ts';

/**
 * The queue's claim on the test database (PGlite, or PostgreSQL with its pool, where the claims below
 * really race): no task is taken twice, a user's tasks run one at a time, a stopped server's task is
 * taken again once its lease has run out.
 */
let server: TestServer;
let userIds: string[];
beforeAll(async () => {
  server = await startTestServer();
  // Its own worker stops: only the claims below take tasks.
  await server.app.close();
  userIds = (await server.database.db.select({ id: users.id }).from(users).limit(6)).map((row) => row.id);
});
afterAll(async () => server?.close());

const LEASE_MS = 30_000;

async function queue(userId: string, runAfter = new Date(Date.now() - 1000)): Promise<string> {
  const id = randomUUID();
  await insertTask(server.database.db, {
    id,
    userId,
    kind: 'jobs-export',
    description: 'queue test',
    fileName: 'x.csv',
    request: {},
  });
  await server.database.db
    .update(tasks)
    .set({ runAfter })
    .where(inArray(tasks.id, [id]));
  return id;
}

describe('the task queue', () => {
  it('gives each waiting task to one worker only, however many ask at once', async () => {
    const ids = await Promise.all(userIds.slice(0, 5).map((userId) => queue(userId)));
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, index) => claimTask(server.database.db, `node-${index}`, LEASE_MS)),
    );
    const taken = claims.flatMap((task) => (task && ids.includes(task.id) ? [task.id] : []));
    expect(new Set(taken).size).toBe(taken.length);
    expect(new Set(taken)).toEqual(new Set(ids));
  });

  it("runs a user's tasks one at a time", async () => {
    const [userId] = userIds.slice(5);
    const first = await queue(userId!);
    const second = await queue(userId!);
    const claimed = await claimTask(server.database.db, 'node-a', LEASE_MS);
    expect(claimed?.id).toBe(first);
    expect(await claimTask(server.database.db, 'node-b', LEASE_MS)).toBeUndefined();
    await server.database.db
      .update(tasks)
      .set({ status: TASK_STATUS.DONE, lockedBy: null, lockedUntil: null })
      .where(inArray(tasks.id, [first]));
    expect((await claimTask(server.database.db, 'node-b', LEASE_MS))?.id).toBe(second);
  });

  it('takes a running task again once its lease has run out', async () => {
    const [userId] = userIds;
    await server.database.db
      .update(tasks)
      .set({ status: TASK_STATUS.DONE, lockedBy: null, lockedUntil: null })
      .where(sql`${tasks.status} = ${TASK_STATUS.RUNNING}`);
    const id = await queue(userId!);
    const claimed = await claimTask(server.database.db, 'node-gone', LEASE_MS);
    expect(claimed?.id).toBe(id);
    expect(await claimTask(server.database.db, 'node-other', LEASE_MS)).toBeUndefined();
    await server.database.db
      .update(tasks)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(inArray(tasks.id, [id]));
    expect(await markStalled(server.database.db, { all: false })).toBe(1);
    const again = await claimTask(server.database.db, 'node-other', LEASE_MS);
    expect(again).toMatchObject({ id, status: TASK_STATUS.RUNNING, lockedBy: 'node-other', attempts: 2 });
  });

  it('counts the queue by state through the partial indexes, up to a limit', async () => {
    const db = server.database.db;
    await db.delete(tasks).where(inArray(tasks.status, [TASK_STATUS.QUEUED, TASK_STATUS.RUNNING]));
    const [userId] = userIds;
    for (let i = 0; i < 3; i++) await queue(userId!, new Date(Date.now() - 60_000));
    expect(await countPendingTasks(db, 100)).toMatchObject({ queued: 3, running: 0 });
    expect((await countPendingTasks(db, 2)).queued).toBe(2);
    expect(await oldestWaitingSeconds(db)).toBeGreaterThanOrEqual(59);
    // With sequential scans priced out, the plan reads both partial indexes: they match the query.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const explained = (await tx.execute(sql`explain ${pendingTasksQuery(100)}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('tasks_waiting_idx');
    expect(plan).toContain('tasks_running_idx');
  });
});
