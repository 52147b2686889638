import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

export interface WorkerPoolOptions {
  /** The worker's module beside this file, without its extension: `table-records-worker`. */
  entry: string;
  /** Workers at once: the jobs that run at the same time. */
  size: number;
  /** Jobs that may wait for a worker; one more is refused (PoolBusy). */
  queue: number;
  /** A job running longer stops its worker. */
  timeoutMs: number;
  /** A worker's heap; a job that needs more stops its worker, not the server. */
  heapMb: number;
  /** An idle worker ends after this long. */
  idleMs: number;
}

/** Every worker is busy and the queue is full: the caller should come back later. */
export class PoolBusy extends Error {
  override name = 'PoolBusy';
}

/** The worker stopped before answering: out of memory, out of time, or it failed. */
export class WorkerStopped extends Error {
  override name = 'WorkerStopped';
  constructor(readonly reason: 'memory' | 'time' | 'failed') {
    super(`the worker stopped: ${reason}`);
  }
}

interface Job {
  input: unknown;
  transfer: readonly Transferable[];
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

/** Sources run as TypeScript through tsx (tests, `npm run dev`); the bundle has the worker beside it. */
export function startWorker(entry: string, resourceLimits: ResourceLimits): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL(`./${entry}.mjs`, here), { resourceLimits });
  return new Worker(new URL('./tsx-worker.mjs', here), {
    workerData: { entry: new URL(`./${entry}.ts`, here).href },
    resourceLimits,
  });
}

/**
 * Work that a hostile input could make too large (a user's file to read) runs on worker threads with a
 * bounded heap and time: at most `size` at once, `queue` more waiting, the rest refused.
 */
export class WorkerPool<In, Out> {
  readonly #idle: Worker[] = [];
  readonly #waiting: Job[] = [];
  readonly #idleTimers = new Map<Worker, NodeJS.Timeout>();
  #running = 0;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Every worker is busy and the queue is full: a job now would be refused. */
  get full(): boolean {
    return this.#running >= this.options.size && this.#waiting.length >= this.options.queue;
  }

  run(input: In, transfer: readonly Transferable[] = []): Promise<Out> {
    return new Promise<unknown>((resolve, reject) => {
      const job = { input, transfer, resolve, reject };
      if (this.#running < this.options.size) this.#start(job);
      else if (this.#waiting.length < this.options.queue) this.#waiting.push(job);
      else reject(new PoolBusy('every file reader is busy'));
    }) as Promise<Out>;
  }

  /** Ends every worker (the server stops). */
  async close(): Promise<void> {
    for (const timer of this.#idleTimers.values()) clearTimeout(timer);
    this.#idleTimers.clear();
    await Promise.all(this.#idle.splice(0).map((worker) => worker.terminate()));
  }

  #start(job: Job) {
    this.#running += 1;
    const worker = this.#idle.pop() ?? this.#spawn();
    clearTimeout(this.#idleTimers.get(worker));
    this.#idleTimers.delete(worker);
    worker.ref();
    const finish = (settle: () => void, keep: boolean) => {
      clearTimeout(timer);
      worker.off('message', answered);
      worker.off('error', failed);
      worker.off('exit', exited);
      settle();
      this.#running -= 1;
      if (keep) this.#rest(worker);
      else void worker.terminate();
      const next = this.#waiting.shift();
      if (next) this.#start(next);
    };
    const answered = (output: unknown) => finish(() => job.resolve(output), true);
    const failed = (error: Error & { code?: string }) =>
      finish(
        () => job.reject(new WorkerStopped(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'failed')),
        false,
      );
    const exited = () => finish(() => job.reject(new WorkerStopped('failed')), false);
    const timer = setTimeout(
      () => finish(() => job.reject(new WorkerStopped('time')), false),
      this.options.timeoutMs,
    );
    worker.on('message', answered);
    worker.once('error', failed);
    worker.once('exit', exited);
    worker.postMessage(job.input, job.transfer);
  }

  #spawn(): Worker {
    const worker = startWorker(this.options.entry, { maxOldGenerationSizeMb: this.options.heapMb });
    // A worker that ends while idle is not handed a job.
    worker.on('exit', () => {
      const at = this.#idle.indexOf(worker);
      if (at >= 0) this.#idle.splice(at, 1);
    });
    return worker;
  }

  #rest(worker: Worker) {
    worker.unref();
    this.#idle.push(worker);
    const timer = setTimeout(() => {
      this.#idleTimers.delete(worker);
      const at = this.#idle.indexOf(worker);
      if (at >= 0) this.#idle.splice(at, 1);
      void worker.terminate();
    }, this.options.idleMs);
    timer.unref();
    this.#idleTimers.set(worker, timer);
  }
}
