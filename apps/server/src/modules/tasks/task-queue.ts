import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ARCHIVED_TASK_DAYS, type TaskKind } from '@fleet/contract';
import { runHourly } from '../../lib/hourly.ts';
import { deleteArchivedBefore, insertTask, markStalled, takeExpiredFiles } from './repository.ts';
import { TaskWorker, type TaskHandler } from './worker.ts';

const DAY_MS = 86_400_000;

export interface NewTask {
  userId: string;
  kind: TaskKind;
  description: string;
  fileName: string;
  request: unknown;
}

export interface TaskQueue {
  /** Queues a task (committed before this returns) and answers its id. */
  enqueue(task: NewTask): Promise<string>;
  handle(kind: TaskKind, handler: TaskHandler): void;
}

/** Removes expired export files and archived tasks past their keeping time. */
async function cleanUp(app: FastifyInstance): Promise<void> {
  let removed = 0;
  for (;;) {
    const keys = await takeExpiredFiles(app.database.db, 100);
    for (const key of keys) await app.media.delete(key);
    removed += keys.length;
    if (keys.length < 100) break;
  }
  const deleted = await deleteArchivedBefore(
    app.database.db,
    new Date(Date.now() - ARCHIVED_TASK_DAYS * DAY_MS),
  );
  if (removed || deleted) app.log.info({ removed, deleted }, 'tasks cleaned up');
}

/** The task queue (docs/tasks.md): this process's worker, the queueing of tasks, the hourly clean-up. */
export const taskQueuePlugin = fp(async (app: FastifyInstance) => {
  // The node's name (as in its logs), unique per process; it fits the tasks' locked_by column (64).
  const node = `${app.config.nodeName.slice(0, 48)}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const worker = new TaskWorker({
    db: () => app.database.db,
    node,
    log: app.log,
    work: app.workFiles.temp,
    onAttemptEnded: (kind, outcome, seconds) => app.metrics.taskDuration.observe({ kind, outcome }, seconds),
  });
  app.decorate('taskQueue', {
    async enqueue(task) {
      const id = randomUUID();
      await insertTask(app.database.db, { id, ...task });
      worker.wake();
      return id;
    },
    handle: (kind, handler) => worker.handle(kind, handler),
  } satisfies TaskQueue);

  app.addHook('onReady', async () => {
    // The embedded database has one process: what it was running when it stopped can restart now.
    const embedded = !app.config.databaseUrl;
    const stalled = await markStalled(app.database.db, { all: embedded });
    if (stalled) app.log.info({ stalled }, 'tasks of a stopped server queued again');
    worker.start();
  });
  app.addHook('onClose', async () => worker.stop());
  runHourly(app, 'task clean-up', () => cleanUp(app));
});

declare module 'fastify' {
  interface FastifyInstance {
    taskQueue: TaskQueue;
  }
}
