import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteWorkerClient } from '../db/pglite-worker-client.ts';
import {
  POSTGRES_PASS,
  postgresAdminUrl,
  scratchDatabase,
  type ScratchDatabase,
} from '../../test/postgres.ts';
import { publicTables } from './catalog.ts';
import { compareTables } from './compare.ts';
import { copyTables } from './copy-tables.ts';
import { settleSession, sqlOf, type Sql } from './sql.ts';

/** The same tables on both sides, as the migrations make them; the source may leave out a foreign key. */
const schema = (withForeignKey: boolean) => `
  create table parents (id serial primary key, name text not null);
  create table kinds (
    id bigint generated always as identity primary key,
    parent_id int ${withForeignKey ? 'references parents (id)' : ''},
    raw bytea, doc jsonb, plain json, tags text[], grid int[], at timestamptz, local_at timestamp,
    day date, span interval, amount numeric(20, 6), big numeric, ratio double precision, small real,
    flag boolean, uid uuid, code varchar(10), note text,
    doc_tag text generated always as (doc ->> 'tag') stored);
  create table kind_counts (flag boolean primary key, n int not null);
  create function count_kinds() returns trigger language plpgsql as $$
  begin
    insert into kind_counts as c select coalesce(flag, false), count(*) from added group by 1
    on conflict (flag) do update set n = c.n + excluded.n;
    return null;
  end $$;
  create trigger kinds_counted after insert on kinds referencing new table as added
    for each statement execute function count_kinds();
  create sequence loose;`;

const ALL_BYTES = `'\\x${Buffer.from(Array.from({ length: 256 }, (_, i) => i)).toString('hex')}'::bytea`;

const ROWS = `
  insert into parents (name) select 'parent ' || i from generate_series(1, 3000) i;
  insert into kinds (parent_id, raw, doc, plain, tags, grid, at, local_at, day, span, amount, big, ratio, small, flag, uid, code, note)
  values
    (1, ${ALL_BYTES}, '{"tag": "é\\"\\n☃", "nested": {"list": [1, 2.50, null, true]}}', '{"b": 1, "a": [ ]}',
     array['a', null, 'quote "x"', 'comma, y', ''], '{{1,2},{3,4}}', '2024-02-29 23:59:59.999999+05:30',
     '1999-12-31 23:59:59.123456', '0044-03-15 BC', '1 year 2 mons 3 days 04:05:06.789', 123456789012.123456,
     '1e-40', 0.30000000000000004, 3.4028235e38, true, 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'ten chars!', 'line 1
line 2 \\ tab	end'),
    (2, '\\x', '[]', 'null', '{}', '{}', 'infinity', '-infinity', 'infinity', '-1 days', 'NaN', 'NaN', 'NaN', '-Infinity', false, null, '', ''),
    (3, null, '"just a string"', '"s"', null, null, '1970-01-01 00:00:00+00', null, null, null, -0.000001, null, 'Infinity', 'NaN', null, null, null, null),
    (4, null, 'null', '-0', null, null, null, null, null, null, 0, null, '-0', 1.1, null, null, null, null),
    (5, null, null, null, null, null, null, null, null, null, null, null, 1.7976931348623157e308, 1e-45, null, null, null, null);
  delete from kinds where id = 5;
  insert into kinds (parent_id, ratio) select 1 + i % 3000, i / 7.0 from generate_series(1, 2000) i;
  select nextval('loose') from generate_series(1, 5);`;

let target: ScratchDatabase;
let source: PGliteWorkerClient;
let client: pg.Client;
let from: Sql;
let to: Sql;

async function copy(): Promise<Record<string, number>> {
  await to.query('begin');
  try {
    const copied = await copyTables(from, to, await publicTables(to), { pagesPerBatch: 2 });
    await to.query('commit');
    return copied;
  } catch (error) {
    await to.query('rollback');
    throw error;
  }
}

describe.skipIf(!postgresAdminUrl)(`copying tables from the embedded database ${POSTGRES_PASS}`, () => {
  beforeAll(async () => {
    [source, target] = await Promise.all([PGliteWorkerClient.start({}), scratchDatabase('copy')]);
    client = new pg.Client({ connectionString: target.url });
    await client.connect();
    [from, to] = [sqlOf(source), sqlOf(client)];
    await Promise.all([settleSession(from), settleSession(to)]);
    await source.exec(schema(true) + ROWS);
    await client.query(schema(true));
  });
  afterAll(async () => {
    await client?.end();
    await source?.close();
    await target?.drop();
  });

  it('carries every type as it was, leaves generated columns and trigger-kept rows as they were', async () => {
    const copied = await copy();
    expect(copied).toEqual({ parents: 3000, kinds: 2004, kind_counts: 2 });
    const tables = await publicTables(to);
    expect(await compareTables(from, to, tables, 10_000)).toEqual([]);

    const all = `select k::text as row from kinds k order by id`;
    expect((await to.query<{ row: string }>(all)).map((r) => r.row)).toEqual(
      (await from.query<{ row: string }>(all)).map((r) => r.row),
    );
    const { rows } = await client.query(`select * from kinds where id <= 4 order by id`);
    expect(rows[0].raw).toEqual(Buffer.from(Array.from({ length: 256 }, (_, i) => i)));
    expect(rows[0].doc_tag).toBe('é"\n☃');
    expect(rows[0].tags).toEqual(['a', null, 'quote "x"', 'comma, y', '']);
    expect(rows[0].at.toISOString()).toBe('2024-02-29T18:29:59.999Z');
    expect(rows[1].raw).toEqual(Buffer.alloc(0));
    expect(rows[1].amount).toBe('NaN');
    expect(Number.isNaN(rows[1].ratio)).toBe(true);
    expect(rows[2].doc).toBe('just a string');
    // JSON's null is a value, not a missing one (SQL null), in json and jsonb alike.
    const nulls = `select id::int, plain is null as plain, doc is null as doc from kinds where id in (2, 4) order by id`;
    expect(await to.query(nulls)).toEqual(await from.query(nulls));
    expect(Object.is(rows[3].ratio, -0)).toBe(true);
    // The comparison sees a JSON null become SQL null, and a row gone.
    await to.query('begin');
    await to.query(`update kinds set doc = null where id = 4`);
    await to.query(`delete from parents where id = 3000`);
    expect(await compareTables(from, to, tables, 10)).toEqual([
      'kinds: the first 10 rows by primary key differ',
      'parents: 3000 rows in the source, 2999 in the target',
    ]);
    await to.query('rollback');
    // Counted by the trigger on the embedded side, copied as they are: not counted again (4008).
    expect((await client.query(`select flag, n from kind_counts order by flag`)).rows).toEqual([
      { flag: false, n: 2004 },
      { flag: true, n: 1 },
    ]);
  });

  it('goes on numbering from where the embedded database stopped, with its triggers and keys back', async () => {
    const next = await client.query<{ id: string }>(`insert into kinds (flag) values (true) returning id`);
    // Ids 1 to 2005 were handed out (5 deleted since): the next is 2006, not a reused one.
    expect(next.rows[0]!.id).toBe('2006');
    expect((await client.query(`select n from kind_counts where flag`)).rows[0].n).toBe(2);
    expect((await client.query(`select nextval('loose')::int as n`)).rows[0].n).toBe(6);
    expect((await client.query(`insert into parents (name) values ('new') returning id`)).rows[0].id).toBe(
      3001,
    );
    await expect(client.query(`insert into kinds (parent_id) values (99999)`)).rejects.toThrow(/foreign key/);
  });

  it('checks every reference again: a copy with one that points nowhere is refused and leaves nothing', async () => {
    await source.exec(`drop schema public cascade; create schema public;` + schema(false) + ROWS);
    await source.exec(`insert into kinds (parent_id) values (99999)`);
    await client.query(`drop schema public cascade; create schema public;` + schema(true));
    await expect(copy()).rejects.toThrow(/foreign key/);
    expect((await client.query(`select count(*)::int as n from parents`)).rows[0].n).toBe(0);
  });
});
