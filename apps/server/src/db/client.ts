import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { PGliteWorkerClient } from './pglite-worker-client.ts';
import { SERVER_DIR } from '../paths.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * What the connections are doing, for the metrics. PostgreSQL: the pool's clients and the queries waiting
 * for one. PGlite: the statements sent to its thread and not answered yet (running or queued behind it).
 */
export type DatabaseStats =
  | { kind: 'postgres'; total: number; idle: number; waiting: number; max: number }
  | { kind: 'pglite'; inFlight: number };

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  stats(): DatabaseStats;
  close(): Promise<void>;
  /**
   * Runs `work` while no other node runs its own (a PostgreSQL advisory lock): migrations and the
   * demo seed, so that nodes started together do not race. The embedded database has one node.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  /** The embedded database as a tarball (PGlite only): test snapshots. */
  dump?(): Promise<Blob>;
}

const POOL_SIZE = 10;
/** A request waits this long for a connection (all busy, or the database out of reach), then gets a 503. */
const CONNECT_TIMEOUT_MS = 5_000;

/** The connection broke under a statement: one kept open across a restart of the database, say. */
const isBrokenConnection = (error: unknown) =>
  /Connection terminated unexpectedly|ECONNRESET|EPIPE|terminating connection/i.test(
    `${(error as { code?: string }).code ?? ''} ${(error as Error).message ?? ''}`,
  );

/**
 * A statement outside a transaction that fails because its pooled connection broke (the database was
 * restarted while it was idle) is sent again once, on a new connection: the pool drops the broken one.
 * Statements in a transaction are not: the transaction fails as a whole, and its request answers 503.
 */
function retryBrokenConnectionsOnce(pool: pg.Pool): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  Object.assign(pool, {
    query: (...args: unknown[]) => {
      if (typeof args.at(-1) === 'function') return query(...args);
      return query(...args).catch((error: unknown) => {
        if (!isBrokenConnection(error)) throw error;
        return query(...args);
      });
    },
  });
}

const migrationsFolder = path.join(SERVER_DIR, 'drizzle');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; omitted: in memory. */
  pgliteDir?: string | undefined;
  /** A dumped embedded database to start from (tests). */
  loadDataDir?: Blob | Uint8Array | undefined;
  /**
   * Shared buffers of the embedded database in MB (PGlite's own: 128). Zeroing them is most of its
   * start: a test's small database, opened for each test file, starts three times faster with 16.
   */
  sharedBuffersMb?: number | undefined;
}

/** Opens PostgreSQL when a URL is given, else the embedded PGlite, and applies the migrations. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POOL_SIZE,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    retryBrokenConnectionsOnce(pool);
    // An idle connection the server closed is replaced on next use; it must not bring the process down.
    pool.on('error', (error) => console.error(`database connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const exclusively = <T>(work: () => Promise<T>) => underAdvisoryLock(pool, work);
    await exclusively(() => migratePg(drizzlePg(pool), { migrationsFolder }));
    return {
      db,
      kind: 'postgres',
      exclusively,
      ping: async () => void (await pool.query('select 1')),
      stats: () => ({
        kind: 'postgres',
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: POOL_SIZE,
      }),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) await mkdir(options.pgliteDir, { recursive: true });
  // PGlite runs each statement synchronously on the thread that owns it: on a worker thread, a heavy
  // query no longer stalls the server (health checks, other requests, timers).
  const client = await PGliteWorkerClient.start({
    dataDir: options.pgliteDir,
    loadDataDir: options.loadDataDir,
    sharedBuffersMb: options.sharedBuffersMb,
  });
  try {
    // The client implements what drizzle-orm/pglite calls on a PGlite (query, exec, transaction).
    const pglite = client as unknown as PGlite;
    const db = drizzlePglite(pglite, { schema }) as unknown as Db;
    await migratePglite(drizzlePglite(pglite), { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      exclusively: (work) => work(),
      ping: () => client.ping(),
      stats: () => ({ kind: 'pglite', inFlight: client.inFlight }),
      close: () => client.close(),
      // Uncompressed: a test file opens its copy faster than it would unzip one.
      dump: () => client.dumpDataDir('none'),
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/** The advisory lock nodes take for work only one of them may do at a time ("fleet" in ASCII). */
const START_LOCK = 0x666c656574;

async function underAdvisoryLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const holder = await pool.connect();
  try {
    await holder.query('select pg_advisory_lock($1)', [START_LOCK]);
    try {
      return await work();
    } finally {
      // A connection that died has released the lock with its session.
      await holder.query('select pg_advisory_unlock($1)', [START_LOCK]).catch(() => undefined);
    }
  } finally {
    holder.release();
  }
}
