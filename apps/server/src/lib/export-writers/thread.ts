import type { Worker } from 'node:worker_threads';
import type { ExportType } from '@fleet/contract';
import { startWorker } from '../worker-pool.ts';
import type { Cell, RowWriter, WriterOptions } from './writer.ts';

/** What a file writer on its thread is given: the options, with the language and zone its dates need. */
export interface ThreadWriterOptions extends Omit<WriterOptions, 'formatDate' | 'zoneOffsetMinutes'> {
  type: ExportType;
  /** The owner's time zone, for the dates (written in `language`). */
  timeZone: string;
}

export type ToWriterThread =
  { kind: 'open'; options: ThreadWriterOptions } | { kind: 'rows'; rows: Cell[][] } | { kind: 'end' };
export type FromWriterThread =
  { kind: 'opened' } | { kind: 'written' } | { kind: 'ended' } | { kind: 'failed'; message: string };

/**
 * Batches handed to the thread and not written yet: the next batch is read and mapped while the thread
 * writes these, and memory holds at most this many more.
 */
const AHEAD = 2;
/** A writer's heap: one batch in formatting, a sheet's shared strings, a PDF page. */
const HEAP_MB = 256;

/**
 * A file writer (CSV, XLSX, HTML, PDF) on a worker thread of its own: the server's thread reads the rows
 * from the database while the other core formats and writes them, so the thread that answers requests
 * does not format a million rows (XLSX went from 36,000 to 44,000 rows a second; CSV is bounded by the
 * reading, `npm run bench:exports`). A write waits only when the thread is AHEAD behind.
 */
export async function writerOnThread(options: ThreadWriterOptions): Promise<RowWriter> {
  const worker = startWorker('export-writer-worker', { maxOldGenerationSizeMb: HEAP_MB });
  const thread = new ThreadChannel(worker);
  try {
    await thread.send({ kind: 'open', options }, 'opened');
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  let pending: Promise<unknown>[] = [];
  return {
    async write(rows) {
      const sent = thread.send({ kind: 'rows', rows }, 'written');
      // Awaited below or at the end; a failure meanwhile must not count as unhandled.
      sent.catch(() => undefined);
      pending.push(sent);
      if (pending.length >= AHEAD) await pending.shift();
    },
    async end() {
      try {
        await Promise.all(pending);
        pending = [];
        await thread.send({ kind: 'end' }, 'ended');
      } finally {
        await worker.terminate();
      }
    },
  };
}

/** Messages to the thread, each answered in order; a failure or an exit fails every one waiting. */
class ThreadChannel {
  readonly #waiting: { answer: FromWriterThread['kind']; resolve(): void; reject(error: Error): void }[] = [];
  #failure: Error | undefined;

  constructor(private readonly worker: Worker) {
    worker.on('message', (message: FromWriterThread) => {
      if (message.kind === 'failed') return this.#fail(new Error(message.message));
      const next = this.#waiting.shift();
      if (next?.answer === message.kind) next.resolve();
      else this.#fail(new Error(`the file writer answered ${message.kind} out of turn`));
    });
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', () => this.#fail(new Error('the file writer stopped')));
  }

  send(message: ToWriterThread, answer: FromWriterThread['kind']): Promise<void> {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise<void>((resolve, reject) => {
      this.#waiting.push({ answer, resolve, reject });
      this.worker.postMessage(message);
    });
  }

  #fail(error: Error) {
    this.#failure ??= error;
    for (const waiting of this.#waiting.splice(0)) waiting.reject(this.#failure);
  }
}
