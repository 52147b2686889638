import type { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError, eq, sql, type SQL } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { openDatabase, type Database } from './client.ts';
import { PGliteWorkerClient } from './pglite-worker-client.ts';
import type { Results } from '@electric-sql/pglite';

// Tables of these tests only, created beside the migrated schema.
const parents = pgTable('worker_test_parent', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
});
const children = pgTable('worker_test_child', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id')
    .notNull()
    .references(() => parents.id),
});
const values = pgTable('worker_test_values', {
  id: integer('id').primaryKey(),
  label: text('label'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
  payload: jsonb('payload'),
  tags: text('tags').array(),
  flag: boolean('flag'),
  amount: numeric('amount'),
  big: bigint('big', { mode: 'number' }),
});

const HEAVY = sql`select count(*)::int as n from generate_series(1, 5000000)`;

/** The PostgreSQL error behind a Drizzle query error, as PGlite reports it. */
async function causeOf(action: Promise<unknown>): Promise<Record<string, unknown>> {
  const error = await action.then(
    () => {
      throw new Error('expected the query to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DrizzleQueryError);
  return (error as DrizzleQueryError).cause as unknown as Record<string, unknown>;
}

/** A raw query through Drizzle: on PGlite, the driver's result as it is. */
async function execute<T>(database: Database, query: SQL): Promise<Results<T>> {
  return (await database.db.execute(query)) as unknown as Results<T>;
}

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('PGlite on a worker thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({});
    await database.db.execute(sql`
      create table worker_test_parent (id int primary key, name text not null unique);
    `);
    await database.db.execute(
      sql`create table worker_test_child (id int primary key, parent_id int not null references worker_test_parent(id))`,
    );
    await database.db.execute(sql`
      create table worker_test_values (
        id int primary key, label text, at timestamptz, payload jsonb, tags text[], flag boolean,
        amount numeric, big bigint
      )
    `);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('runs the migrations and answers Drizzle queries', async () => {
    const migrations = await execute<{ n: number }>(
      database,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(migrations.rows[0]!.n).toBeGreaterThan(0);
    await expect(database.ping()).resolves.toBeUndefined();
  });

  it('carries parameters and results of every kind across the thread', async () => {
    const at = new Date('2025-08-01T10:20:30.456Z');
    const payload = { device: 'TPMS', nested: { list: [1, 'two', null] }, ok: true };
    const [inserted] = await database.db
      .insert(values)
      .values({
        id: 1,
        label: 'première "ligne"',
        at,
        payload,
        tags: ['a', 'b,c', ''],
        flag: true,
        amount: '12.50',
        big: 9007199254740991,
      })
      .returning();
    expect(inserted).toEqual({
      id: 1,
      label: 'première "ligne"',
      at,
      payload,
      tags: ['a', 'b,c', ''],
      flag: true,
      amount: '12.50',
      big: 9007199254740991,
    });
    await database.db.insert(values).values({ id: 2 });
    const rows = await database.db.select().from(values).orderBy(values.id);
    expect(rows[0]!.at).toBeInstanceOf(Date);
    expect(rows[0]!.at!.toISOString()).toBe(at.toISOString());
    expect(rows[1]).toEqual({
      id: 2,
      label: null,
      at: null,
      payload: null,
      tags: null,
      flag: null,
      amount: null,
      big: null,
    });
    // A Date, an object and an array as bare parameters, and the raw result's fields and counts.
    const raw = await execute<{ d: string; j: unknown; a: number[]; n: null }>(
      database,
      sql`select ${at}::timestamptz as d, ${JSON.stringify(payload)}::jsonb as j, ${sql.param([3, 4])}::int[] as a, ${null}::text as n`,
    );
    expect(raw.rows).toEqual([{ d: '2025-08-01 10:20:30.456+00', j: payload, a: [3, 4], n: null }]);
    expect(raw.fields.map((f) => f.name)).toEqual(['d', 'j', 'a', 'n']);
    const updated = await execute(database, sql`update worker_test_values set flag = false`);
    expect(updated.affectedRows).toBe(2);
  });

  it('commits a transaction, rolls back on a throw, and rolls back a failed savepoint only', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(parents).values({ id: 10, name: 'committed' });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(parents).values({ id: 11, name: 'rolled back' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.db.transaction(async (tx) => {
      await tx.insert(parents).values({ id: 12, name: 'outer' });
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(parents).values({ id: 13, name: 'inner' });
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
      await tx.transaction(async (inner) => {
        await inner.insert(parents).values({ id: 14, name: 'inner kept' });
      });
    });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(parents).values({ id: 15, name: 'explicit rollback' });
        tx.rollback();
      }),
    ).rejects.toThrow('Rollback');
    const names = await database.db.select({ id: parents.id }).from(parents).orderBy(parents.id);
    expect(names.map((r) => r.id)).toEqual([10, 12, 14]);
    await database.db.delete(parents);
  });

  it('keeps a transaction exclusive: a query outside waits until it ends', async () => {
    const events: string[] = [];
    const holding = deferred();
    const inside = deferred();
    const transaction = database.db.transaction(async (tx) => {
      await tx.insert(parents).values({ id: 20, name: 'in transaction' });
      inside.release();
      await holding.promise;
      events.push('commit');
    });
    await inside.promise;
    const outside = database.db
      .select({ id: parents.id })
      .from(parents)
      .then((rows) => {
        events.push('outside');
        return rows;
      });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual([]);
    holding.release();
    await transaction;
    expect((await outside).map((r) => r.id)).toEqual([20]);
    expect(events).toEqual(['commit', 'outside']);
    await database.db.delete(parents);
  });

  it('surfaces PostgreSQL errors with their SQLSTATE and fields through Drizzle', async () => {
    await database.db.insert(parents).values({ id: 30, name: 'unique' });
    const unique = await causeOf(database.db.insert(parents).values({ id: 31, name: 'unique' }));
    expect(unique).toBeInstanceOf(Error);
    expect(unique).toMatchObject({
      code: '23505',
      severity: 'ERROR',
      table: 'worker_test_parent',
      constraint: 'worker_test_parent_name_key',
      detail: 'Key (name)=(unique) already exists.',
    });
    expect(String(unique.message)).toContain('duplicate key value violates unique constraint');

    const foreignKey = await causeOf(database.db.insert(children).values({ id: 1, parentId: 999 }));
    expect(foreignKey).toMatchObject({ code: '23503', table: 'worker_test_child' });
    expect(foreignKey.constraint).toEqual(expect.stringContaining('parent_id'));

    // PostgreSQL refuses a NUL character in text; the worker reports it and carries on.
    const nul = await causeOf(database.db.insert(parents).values({ id: 32, name: 'a\u0000b' }));
    expect(nul.code).toBe('22021');
    await expect(database.ping()).resolves.toBeUndefined();

    // Inside a transaction: the error ends it (rolled back), and the database goes on.
    const inTransaction = await database.db
      .transaction(async (tx) => {
        await tx.insert(parents).values({ id: 33, name: 'kept only if committed' });
        await tx.insert(parents).values({ id: 34, name: 'unique' });
      })
      .catch((e: unknown) => e as DrizzleQueryError);
    expect((inTransaction as DrizzleQueryError).cause).toMatchObject({ code: '23505' });
    const left = await database.db.select({ id: parents.id }).from(parents).where(eq(parents.id, 33));
    expect(left).toEqual([]);
    await database.db.delete(parents);
  });

  it('dumps the database and opens a copy from the dump', async () => {
    await database.db.insert(parents).values({ id: 40, name: 'in the dump' });
    const dump = await database.dump!();
    expect(dump).toBeInstanceOf(Blob);
    expect(dump.size).toBeGreaterThan(1000);
    await database.db.delete(parents);
    const copy = await openDatabase({ loadDataDir: new Blob([await dump.arrayBuffer()]) });
    try {
      expect(await copy.db.select().from(parents)).toEqual([{ id: 40, name: 'in the dump' }]);
      expect(await database.db.select().from(parents)).toEqual([]);
    } finally {
      await copy.close();
    }
  });

  it('answers a ping without waiting for the queries queued behind a heavy one', async () => {
    const finished: string[] = [];
    const heavy = [1, 2, 3].map((i) =>
      database.db.execute(HEAVY).then(() => void finished.push(`heavy ${i}`)),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await database.ping();
    finished.push('ping');
    await Promise.all(heavy);
    // A running statement holds the worker's thread, so the ping may wait for the first heavy
    // query; it must not wait for the others queued behind it.
    expect(finished.indexOf('ping')).toBeLessThan(2);
  });

  it("keeps the main thread's event loop running during a heavy query", async () => {
    let ticks = 0;
    let last = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 10);
    const started = performance.now();
    try {
      const result = await execute<{ n: number }>(database, HEAVY);
      expect(result.rows[0]!.n).toBe(5_000_000);
    } finally {
      clearInterval(timer);
    }
    const took = performance.now() - started;
    // On the main thread the query would block every timer for its whole duration.
    expect(ticks).toBeGreaterThan(took / 10 / 4);
    expect(longestGap).toBeLessThan(Math.max(250, took / 2));
  });
});

describe('the database worker failing', () => {
  let snapshot: Blob;

  beforeAll(async () => {
    const database = await openDatabase({});
    snapshot = await database.dump!();
    await database.close();
  });

  const workerOf = (client: PGliteWorkerClient) => (client as unknown as { worker: Worker }).worker;

  it('rejects pending calls and later pings when the worker crashes', async () => {
    const client = await PGliteWorkerClient.start({ loadDataDir: snapshot });
    try {
      const pending = client.query('select count(*) from generate_series(1, 1000000)');
      // Not a message the worker understands: it throws, uncaught, and the thread dies.
      workerOf(client).postMessage(null);
      await expect(pending).rejects.toThrow(/embedded database worker (failed|exited)/);
      await expect(client.ping()).rejects.toThrow(/embedded database worker (failed|exited)/);
      await expect(client.query('select 1')).rejects.toThrow(/embedded database worker/);
    } finally {
      await client.close();
    }
  });

  it('rejects pending calls when the worker is terminated in the middle of a statement', async () => {
    const client = await PGliteWorkerClient.start({ loadDataDir: snapshot });
    try {
      const pending = client.query('select count(*) from generate_series(1, 50000000)');
      await new Promise((resolve) => setTimeout(resolve, 200));
      await workerOf(client).terminate();
      await expect(pending).rejects.toThrow(/embedded database worker exited/);
      await expect(client.ping()).rejects.toThrow(/embedded database worker exited/);
    } finally {
      await client.close();
    }
  });

  it('fails the ping when PGlite inside the worker is closed, and after close()', async () => {
    const client = await PGliteWorkerClient.start({ loadDataDir: snapshot });
    // Close PGlite only, as a broken database would be, keeping the thread.
    const closed = new Promise((resolve) => workerOf(client).once('message', resolve));
    workerOf(client).postMessage({ id: -1, op: 'close' });
    await closed;
    await expect(client.ping()).rejects.toThrow('The embedded database is closed');
    await client.close();
    await client.close();
    await expect(client.ping()).rejects.toThrow('The embedded database is closed');
    await expect(client.query('select 1')).rejects.toThrow('The embedded database is closed');
  });

  it('refuses what cannot cross the thread without harming the worker', async () => {
    const client = await PGliteWorkerClient.start({ loadDataDir: snapshot });
    try {
      await expect(client.query('select $1::text', [() => 'a function'])).rejects.toThrow(
        /could not be cloned/,
      );
      await expect(
        client.query('select 1', [], { parsers: { 25: (value: string) => value.toUpperCase() } }),
      ).rejects.toThrow('Only identity parsers');
      expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      const results = await client.exec('select 1 as a; select 2 as b');
      expect(results.map((r) => r.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
      await expect(client.ping()).resolves.toBeUndefined();
    } finally {
      await client.close();
    }
  });
});
