import path from 'node:path';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { TASK_FILE_DAYS, bcp47Language, mayStartTask, type ExportType, type TaskKind } from '@fleet/contract';
import { HttpError } from '../../lib/errors.ts';
import { heapGuard } from '../../lib/heap-guard.ts';
import type { WriterOptions } from '../../lib/export-writers/index.ts';
import { writerOnThread } from '../../lib/export-writers/thread.ts';
import type { Cell } from '../../lib/export-writers/writer.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { TaskFailure } from '../../lib/task-failure.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { TaskRow } from './repository.ts';
import type { TaskContext, TaskHandler, TaskOutcome } from './worker.ts';

const DAY_MS = 86_400_000;

/** A task as its code runs it: the owner as they are now, and the request as they asked it. */
export interface RunningTask<Request> {
  task: TaskRow;
  context: TaskContext;
  user: SignedInUser;
  request: Request;
}

export interface OwnedTask<Request> {
  /** The request as stored when the user asked. */
  request: z.ZodType<Request>;
  /** What the task list says to an owner who no longer holds it ("You may no longer export jobs."). */
  refused: string;
  run(running: RunningTask<Request>): Promise<TaskOutcome>;
}

/**
 * The one way a task starts (a security rule): its stored request read back with its schema, and its
 * owner's right to ask for it (`mayStartTask`) checked again, so a user who lost the right since asking
 * gets nothing. A 400 the task's own checks throw (a filter no longer valid for the owner's scope) ends it
 * with that message.
 */
export function ownedTask<Request>(app: FastifyInstance, definition: OwnedTask<Request>): TaskHandler {
  return async (task, context) => {
    const stored = definition.request.safeParse(task.request);
    if (!stored.success) throw new TaskFailure('This request can no longer be read: ask for it again.');
    const user = await currentUser(app.database.db, task.userId, app.config.disabledFeatures);
    // The worker runs a handler for its own kind only.
    if (!user || !mayStartTask(task.kind as TaskKind, user.roles, user.disabledFeatures))
      throw new TaskFailure(definition.refused);
    try {
      return await definition.run({ task, context, user, request: stored.data });
    } catch (error) {
      if (error instanceof HttpError) throw new TaskFailure(error.message);
      throw error;
    }
  };
}

/** A task's file: its rows batch after batch, in the owner's language and time zone. */
export interface TaskFile {
  type: ExportType;
  headers: string[];
  /** The product's language code. */
  language: string;
  timeZone: string;
  /** The rows expected, for the progress shown (a list may grow while it is written). */
  total: number;
  batches: AsyncIterable<Cell[][]>;
  subtitle?: string;
  pdf?: WriterOptions['pdf'];
}

/**
 * The one export pipeline: every batch written as it comes (memory holds one batch), progress recorded,
 * then the file stored with its expiry: what the user downloads from the task list.
 */
export async function writeTaskFile(
  app: FastifyInstance,
  { task, context }: Pick<RunningTask<unknown>, 'task' | 'context'>,
  taskFile: TaskFile,
): Promise<TaskOutcome> {
  await context.progress(0, taskFile.total);
  const file = path.join(context.workDir, task.fileName);
  const locale = bcp47Language(taskFile.language);
  const writer = await writerOnThread({
    type: taskFile.type,
    file,
    headers: taskFile.headers,
    timeZone: taskFile.timeZone,
    title: task.description,
    subtitle: taskFile.subtitle ?? '',
    language: locale,
    pdf: taskFile.pdf ?? null,
  });
  let rows = 0;
  const collectIfGrown = heapGuard();
  try {
    for await (const batch of taskFile.batches) {
      await writer.write(batch);
      rows += batch.length;
      collectIfGrown();
      await context.progress(rows, Math.max(taskFile.total, rows));
    }
  } finally {
    await writer.end();
  }
  const { size } = await stat(file);
  const mediaKey = `exports/${task.id}/${task.fileName}`;
  await app.media.putFile(mediaKey, file);
  return { mediaKey, size, rows, expiresAt: new Date(Date.now() + TASK_FILE_DAYS * DAY_MS) };
}
