import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { messages } from '@electric-sql/pglite';
import type { QueryOptions, Results, RowMode } from '@electric-sql/pglite';
import { SERVER_DIR } from '../paths.ts';

/*
 * The main thread's side of the embedded database worker (pglite-worker.mjs). It implements the part
 * of PGlite's API that drizzle-orm/pglite and its migrator use: `query(sql, params, {rowMode,
 * parsers})`, `exec`, and `transaction(fn)` whose callback gets a `{ query, sql, exec, rollback,
 * closed }` object. Each call is a message; the worker answers `{ id, ok, result | error }`.
 *
 * Messages to the worker:
 *   { id, op: 'query', sql, params, rowMode?, paramTypes?, identityParsers: number[], transactionId? }
 *   { id, op: 'exec', sql, rowMode?, identityParsers, transactionId? }
 *   { id, op: 'begin' } -> transaction id; { id, op: 'commit' | 'rollback', transactionId }
 *   { id, op: 'dump', compression } -> { bytes, name, type }; { id, op: 'close' }
 *   { id, op: 'ping' }: answered by the worker at once, not behind PGlite's query mutex.
 */

type Compression = 'gzip' | 'none' | 'auto';

interface SerializedError {
  message: string;
  name?: string;
  stack?: string;
  /** A PostgreSQL error (pg-protocol's DatabaseError): code, detail, constraint, table… in fields. */
  database?: boolean;
  fields: Record<string, unknown>;
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedError };
type Ready = { ready: true } | { ready: false; error: SerializedError };

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export interface WorkerTransaction {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  sql<T>(strings: TemplateStringsArray, ...params: unknown[]): Promise<Results<T>>;
  exec(query: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PGliteWorkerOptions {
  /** Folder of the database; omitted: in memory. */
  dataDir?: string | undefined;
  /** A dumped database (`dumpDataDir`) to start from. A Blob cannot cross threads: it is sent as bytes. */
  loadDataDir?: Blob | ArrayBuffer | Uint8Array | undefined;
  /** Shared buffers in MB instead of PGlite's 128. */
  sharedBuffersMb?: number | undefined;
}

const workerUrl = pathToFileURL(path.join(SERVER_DIR, 'src/db/pglite-worker.mjs'));

/** A PostgreSQL error as PGlite throws it (same class and fields), or a plain Error for anything else. */
function reviveError(serialized: SerializedError): Error {
  const { fields } = serialized;
  let error: Error;
  if (serialized.database) {
    error = new messages.DatabaseError(
      serialized.message,
      typeof fields.length === 'number' ? fields.length : 0,
      'error',
    );
  } else {
    error = new Error(serialized.message);
    if (serialized.stack) error.stack = `${error.stack}\n    in the database worker: ${serialized.stack}`;
  }
  Object.assign(error, fields);
  if (serialized.name && !serialized.database) error.name = serialized.name;
  return error;
}

/** drizzle passes `parsers` that keep values as text; only the type ids cross the thread. */
const identityOids = new WeakMap<object, number[]>();
function identityParsers(parsers: QueryOptions['parsers']): number[] {
  if (!parsers) return [];
  let oids = identityOids.get(parsers);
  if (!oids) {
    oids = Object.entries(parsers).map(([oid, parse]) => {
      const probe = 'Identity probe: 1.50';
      let same: boolean;
      try {
        same = parse(probe) === probe;
      } catch {
        same = false;
      }
      if (!same)
        throw new TypeError(`Only identity parsers can be sent to the database worker (type ${oid})`);
      return Number(oid);
    });
    identityOids.set(parsers, oids);
  }
  return oids;
}

function queryMessage(options: QueryOptions | undefined) {
  if (options?.serializers || options?.blob || options?.onNotice)
    throw new TypeError('serializers, blob and onNotice are not supported by the database worker');
  return {
    rowMode: options?.rowMode as RowMode | undefined,
    paramTypes: options?.paramTypes,
    identityParsers: identityParsers(options?.parsers),
  };
}

function templateQuery(strings: TemplateStringsArray, params: unknown[]) {
  return { query: strings.reduce((text, part, i) => `${text}$${i}${part}`), params };
}

/** PGlite in a worker thread, behind the subset of PGlite's API that Drizzle uses. */
export class PGliteWorkerClient {
  private readonly worker: Worker;
  #pending = new Map<number, Pending>();
  #nextId = 1;
  /** Why the worker cannot answer any more (it crashed, exited or was closed). */
  #gone: Error | null = null;
  #closing: Promise<void> | null = null;

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (reply: Reply) => this.#settle(reply));
    worker.on('error', (error) =>
      this.#stop(new Error(`The embedded database worker failed: ${error.message}`)),
    );
    worker.on('exit', (code) => this.#stop(new Error(`The embedded database worker exited (code ${code})`)));
    worker.on('messageerror', (error) =>
      this.#stop(new Error(`The embedded database worker sent an unreadable message: ${error.message}`)),
    );
    // Only calls in flight keep the process alive, as with PGlite on the main thread.
    worker.unref();
  }

  /** Starts the worker and waits until PGlite is open (about 3 s for a new database, 0.5 s from a dump). */
  static async start(options: PGliteWorkerOptions = {}): Promise<PGliteWorkerClient> {
    const loadDataDir =
      options.loadDataDir instanceof Blob
        ? new Uint8Array(await options.loadDataDir.arrayBuffer())
        : options.loadDataDir instanceof ArrayBuffer
          ? new Uint8Array(options.loadDataDir)
          : options.loadDataDir;
    // Bytes that fill their own buffer move to the worker instead of being copied (shared bytes are
    // shared).
    const transferList =
      loadDataDir?.buffer instanceof ArrayBuffer &&
      loadDataDir.byteOffset === 0 &&
      loadDataDir.byteLength === loadDataDir.buffer.byteLength
        ? [loadDataDir.buffer]
        : [];
    const worker = new Worker(workerUrl, {
      workerData: { dataDir: options.dataDir, loadDataDir, sharedBuffersMb: options.sharedBuffersMb },
      transferList,
      // The worker is plain JavaScript: it needs none of the parent's flags (`--import tsx`…).
      execArgv: [],
    });
    await new Promise<void>((resolve, reject) => {
      const onExit = (code: number) =>
        reject(new Error(`The embedded database worker exited (code ${code})`));
      worker.once('error', reject);
      worker.once('exit', onExit);
      worker.once('message', (message: Ready) => {
        worker.off('error', reject);
        worker.off('exit', onExit);
        if (message.ready) resolve();
        else {
          void worker.terminate();
          reject(reviveError(message.error));
        }
      });
    });
    return new PGliteWorkerClient(worker);
  }

  /** Calls sent to the worker and not answered yet: the running statement and those queued behind it. */
  get inFlight(): number {
    return this.#pending.size;
  }

  get closed(): boolean {
    return this.#gone !== null;
  }

  #settle(reply: Reply) {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#forget(reply.id);
    if (reply.ok) pending.resolve(reply.result);
    else pending.reject(reviveError(reply.error));
  }

  #forget(id: number) {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.worker.unref();
  }

  #stop(reason: Error) {
    this.#gone ??= reason;
    for (const [id, pending] of this.#pending) {
      this.#pending.delete(id);
      pending.reject(this.#gone);
    }
  }

  #request<T>(message: Record<string, unknown>): Promise<T> {
    if (this.#gone) return Promise.reject(this.#gone);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (this.#pending.size === 1) this.worker.ref();
      try {
        // Parameters cross by structured clone: strings, numbers, booleans, null, Date, arrays, objects.
        this.worker.postMessage({ ...message, id });
      } catch (error) {
        this.#forget(id);
        reject(error as Error);
      }
    });
  }

  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(undefined, query, params, options);
  }

  #query<T>(
    transactionId: number | undefined,
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    try {
      return this.#request({
        op: 'query',
        sql,
        params: params ?? [],
        transactionId,
        ...queryMessage(options),
      });
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  sql<T>(strings: TemplateStringsArray, ...params: unknown[]): Promise<Results<T>> {
    const { query, params: values } = templateQuery(strings, params);
    return this.query<T>(query, values);
  }

  exec(query: string, options?: QueryOptions): Promise<Results[]> {
    return this.#exec(undefined, query, options);
  }

  #exec(transactionId: number | undefined, sql: string, options: QueryOptions | undefined) {
    try {
      return this.#request<Results[]>({ op: 'exec', sql, transactionId, ...queryMessage(options) });
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  /**
   * PGlite's `transaction()`, run by the worker and held open until `callback` settles: commit when it
   * returns, rollback when it throws. Exclusive as in PGlite: other queries wait until it ends.
   */
  async transaction<T>(callback: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const transactionId = await this.#request<number>({ op: 'begin' });
    let closed = false;
    const open = () => {
      if (closed) throw new Error('Transaction is closed');
    };
    const tx: WorkerTransaction = {
      query: async (query, params, options) => {
        open();
        return this.#query(transactionId, query, params, options);
      },
      sql: async (strings, ...params) => {
        open();
        const { query, params: values } = templateQuery(strings, params);
        return this.#query(transactionId, query, values, undefined);
      },
      exec: async (query, options) => {
        open();
        return this.#exec(transactionId, query, options);
      },
      rollback: async () => {
        open();
        closed = true;
        await this.#request({ op: 'rollback', transactionId });
      },
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) {
        closed = true;
        await this.#request({ op: 'rollback', transactionId });
      }
      throw error;
    }
    if (!closed) {
      closed = true;
      await this.#request({ op: 'commit', transactionId });
    }
    return result;
  }

  /**
   * Answers as soon as the worker's thread is free, without waiting for queued queries; fails when
   * PGlite inside is closed or broken, or the worker is gone. A statement that is running holds the
   * worker's thread (PGlite runs it synchronously), so the answer comes when that statement ends.
   */
  ping(): Promise<void> {
    return this.#request({ op: 'ping' });
  }

  async dumpDataDir(compression: Compression = 'gzip'): Promise<File> {
    const dump = await this.#request<{ bytes: Uint8Array; name: string; type: string }>({
      op: 'dump',
      compression,
    });
    return new File([dump.bytes as Uint8Array<ArrayBuffer>], dump.name, { type: dump.type });
  }

  /** Closes PGlite inside the worker, then ends the worker. Pending calls fail; closing twice is fine. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      try {
        if (!this.#gone) await this.#request({ op: 'close' });
      } finally {
        this.#stop(new Error('The embedded database is closed'));
        await this.worker.terminate();
      }
    })();
    return this.#closing;
  }
}
