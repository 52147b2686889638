import type { FastifyBaseLogger } from 'fastify';
import type { TaskKind } from '@fleet/contract';
import type { WorkArea, WorkFile } from '../../lib/work-files.ts';
import { TaskFailure } from '../../lib/task-failure.ts';
import type { Db } from '../../db/client.ts';
import { claimTask, failTask, finishTask, releaseTask, renewLease, type TaskRow } from './repository.ts';

/** What a task's code may do while it runs. */
export interface TaskContext {
  /** Records progress (written at most once a second); throws when the task is no longer this worker's. */
  progress(done: number, total: number): Promise<void>;
  /** Aborted when the server stops or the task was taken over: the task's code stops at once. */
  signal: AbortSignal;
  /** A folder of this attempt's own, removed afterwards. */
  workDir: string;
}

/** A task's result: the file it stored. */
export interface TaskOutcome {
  mediaKey: string;
  size: number;
  rows: number;
  expiresAt: Date;
}

export type TaskHandler = (task: TaskRow, context: TaskContext) => Promise<TaskOutcome>;

class TaskLost extends Error {
  override name = 'TaskLost';
}

class Stopping extends Error {
  override name = 'Stopping';
}

/**
 * How an attempt ended: its file stored (`done`), a failure the user can act on or a task that cannot run
 * (`failed`), an unexpected error (`error`, tried again later or ended), handed back because the server
 * stops (`released`), or taken over by another worker (`lost`).
 */
export type AttemptOutcome = 'done' | 'failed' | 'error' | 'released' | 'lost';

export interface WorkerOptions {
  db: () => Db;
  node: string;
  log: FastifyBaseLogger;
  /** Where each attempt gets its folder. */
  work: WorkArea;
  leaseMs?: number;
  pollMs?: number;
  /** Told when an attempt ends (the metrics). */
  onAttemptEnded?: (kind: string, outcome: AttemptOutcome, seconds: number) => void;
}

function outcomeOfError(error: unknown): AttemptOutcome {
  if (error instanceof TaskLost) return 'lost';
  if (error instanceof Stopping) return 'released';
  if (error instanceof TaskFailure) return 'failed';
  return 'error';
}

/** Waits before the 2nd and 3rd attempt after a passing error; a task started this often is ended. */
const RETRY_DELAYS_MS = [30_000, 120_000];
const MAX_STARTS = 5;
const PROGRESS_EVERY_MS = 1000;

/**
 * One worker per server process (docs/tasks.md): takes one task at a time from the queue, runs its
 * kind's handler under a lease it renews, and records how it ended.
 */
export class TaskWorker {
  readonly #handlers = new Map<TaskKind, TaskHandler>();
  readonly #leaseMs: number;
  readonly #pollMs: number;
  #stopped = true;
  #loop: Promise<void> | null = null;
  #wakeUp: (() => void) | null = null;
  #current: AbortController | null = null;

  constructor(private readonly options: WorkerOptions) {
    this.#leaseMs = options.leaseMs ?? 30_000;
    this.#pollMs = options.pollMs ?? 1000;
  }

  handle(kind: TaskKind, handler: TaskHandler): void {
    this.#handlers.set(kind, handler);
  }

  start(): void {
    if (!this.#stopped) return;
    this.#stopped = false;
    this.#loop = this.#run();
  }

  /** A task was queued: look now rather than at the next poll. */
  wake(): void {
    this.#wakeUp?.();
  }

  /** Stops taking tasks; the running one is handed back to the queue (82) for any worker to restart. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#current?.abort(new Stopping());
    this.wake();
    await this.#loop;
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      let task: TaskRow | undefined;
      try {
        task = await claimTask(this.options.db(), this.options.node, this.#leaseMs);
      } catch (error) {
        if (!this.#stopped) this.options.log.warn({ err: error }, 'task queue: cannot take a task');
      }
      if (task) await this.#attempt(task);
      else await this.#sleep();
    }
  }

  #sleep(): Promise<void> {
    // Stopped while a claim was on its way: the stop waits for this loop, not for the next poll.
    if (this.#stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wakeUp = null;
        resolve();
      };
      const timer = setTimeout(done, this.#pollMs);
      this.#wakeUp = done;
    });
  }

  async #attempt(task: TaskRow): Promise<void> {
    const started = performance.now();
    const outcome = await this.#outcomeOf(task);
    this.options.onAttemptEnded?.(task.kind, outcome, (performance.now() - started) / 1000);
  }

  async #outcomeOf(task: TaskRow): Promise<AttemptOutcome> {
    const { db, node, log } = this.options;
    const handler = this.#handlers.get(task.kind as TaskKind);
    if (!handler || task.attempts > MAX_STARTS) {
      const why = handler ? `It was started ${MAX_STARTS} times without finishing.` : 'Unknown task.';
      await failTask(db(), task.id, node, why, null);
      return 'failed';
    }
    const controller = new AbortController();
    this.#current = controller;
    let progress: { done: number; total: number } | null = null;
    let written = 0;
    const renew = async () => {
      written = Date.now();
      if (!(await renewLease(db(), task.id, node, this.#leaseMs, progress))) controller.abort(new TaskLost());
    };
    const lease = setInterval(() => {
      renew().catch((error: unknown) => log.warn({ err: error, task: task.id }, 'task lease not renewed'));
    }, this.#leaseMs / 3);
    let workDir: WorkFile | undefined;
    try {
      // Inside the attempt: a disk that refuses the folder is a failed attempt, not a stuck worker.
      workDir = await this.options.work.folder('task-');
      const context: TaskContext = {
        signal: controller.signal,
        workDir: workDir.path,
        progress: async (done, total) => {
          controller.signal.throwIfAborted();
          progress = { done, total };
          if (Date.now() - written >= PROGRESS_EVERY_MS) await renew();
          controller.signal.throwIfAborted();
        },
      };
      const outcome = await handler(task, context);
      controller.signal.throwIfAborted();
      if (!(await finishTask(db(), task.id, node, outcome))) return 'lost';
      log.info({ task: task.id, kind: task.kind, rows: outcome.rows, bytes: outcome.size }, 'task done');
      return 'done';
    } catch (error) {
      const reason = controller.signal.reason ?? error;
      await this.#failed(task, reason).catch((failure: unknown) =>
        log.error({ err: failure, task: task.id }, 'task outcome not recorded: its lease will run out'),
      );
      return outcomeOfError(reason);
    } finally {
      clearInterval(lease);
      this.#current = null;
      await workDir?.release();
    }
  }

  async #failed(task: TaskRow, error: unknown): Promise<void> {
    const { db, node, log } = this.options;
    if (error instanceof TaskLost) {
      log.warn({ task: task.id }, 'task taken over by another worker: this attempt stops');
      return;
    }
    if (error instanceof Stopping) {
      await releaseTask(db(), task.id, node);
      return;
    }
    if (error instanceof TaskFailure) {
      await failTask(db(), task.id, node, error.message, null);
      return;
    }
    const delay = RETRY_DELAYS_MS[task.attempts - 1];
    log.error({ err: error, task: task.id, attempt: task.attempts }, 'task attempt failed');
    // The details stay in the log: a database error says nothing useful to the user.
    const message = `An unexpected error stopped this attempt (reference ${task.id}).`;
    await failTask(db(), task.id, node, message, delay ? new Date(Date.now() + delay) : null);
  }
}
