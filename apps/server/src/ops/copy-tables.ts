import { ident, literal, type Sql } from './sql.ts';
import type { TableInfo } from './catalog.ts';

/** Pages of 8 kB read at once: bounds the memory a batch takes (values stored out of line aside). */
export const PAGES_PER_BATCH = 128;

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

async function foreignKeys(target: Sql): Promise<ForeignKey[]> {
  return target.query<ForeignKey>(`
    select cl.relname as table, co.conname as name, pg_get_constraintdef(co.oid) as definition
    from pg_constraint co join pg_class cl on cl.oid = co.conrelid
    where co.contype = 'f' and co.connamespace = 'public'::regnamespace
    order by cl.relname, co.conname`);
}

/** The heap's size in pages: rows are read in ranges of pages (ctid), each range one batch. */
async function pagesOf(source: Sql, table: string): Promise<number> {
  const [row] = await source.query<{ pages: string }>(
    `select (pg_relation_size(${literal(ident(table))}) / current_setting('block_size')::int)::text as pages`,
  );
  return Number(row!.pages);
}

/**
 * JSON columns travel as their text: in a batch of JSON rows a JSON null would otherwise arrive as a
 * missing value (SQL null).
 */
const readColumn = ({ name, json }: TableInfo['columns'][number]) =>
  json ? `to_json(${ident(name)}::text) as ${ident(name)}` : ident(name);
const writeColumn = ({ name, json }: TableInfo['columns'][number]) =>
  json ? `(r.${ident(name)} #>> '{}')::${json}` : `r.${ident(name)}`;

/** Copies one table in batches of pages, as JSON: each batch one INSERT; generated columns left out. */
async function copyTable(source: Sql, target: Sql, table: TableInfo, pagesPerBatch: number) {
  const name = ident(table.name);
  const pages = await pagesOf(source, table.name);
  let rows = 0;
  for (let first = 0; first < pages; first += pagesPerBatch) {
    const [batch] = await source.query<{ rows: string; n: number }>(`
      select coalesce(json_agg(r), '[]')::text as rows, count(*)::int as n from (
        select ${table.columns.map(readColumn).join(', ')} from ${name}
        where ctid >= '(${first},0)'::tid and ctid < '(${first + pagesPerBatch},0)'::tid) r`);
    if (!batch || batch.n === 0) continue;
    await target.query(
      `insert into ${name} (${table.columns.map((column) => ident(column.name)).join(', ')})
       overriding system value
       select ${table.columns.map(writeColumn).join(', ')} from json_populate_recordset(null::${name}, $1::json) r`,
      [batch.rows],
    );
    rows += batch.n;
  }
  return rows;
}

interface SequenceInfo {
  sequence: string;
  table: string | null;
  column: string | null;
}

/** Every sequence of the public schema, with the column it numbers (serial and identity) if any. */
async function sequences(target: Sql): Promise<SequenceInfo[]> {
  return target.query<SequenceInfo>(`
    select sc.relname as sequence, t.relname as table, a.attname as column
    from pg_sequence s
    join pg_class sc on sc.oid = s.seqrelid and sc.relnamespace = 'public'::regnamespace
    left join pg_depend d on d.objid = s.seqrelid and d.classid = 'pg_class'::regclass
      and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
    left join pg_class t on t.oid = d.refobjid
    left join pg_attribute a on a.attrelid = d.refobjid and a.attnum = d.refobjsubid
    order by sc.relname`);
}

/**
 * Each sequence goes on from where the embedded database's would, and past the highest value copied:
 * a number handed out before (a row deleted since) is not handed out again.
 */
async function setSequences(source: Sql, target: Sql): Promise<void> {
  for (const { sequence, table, column } of await sequences(target)) {
    const [before] = await source.query<{ next: string }>(
      `select (case when is_called then last_value + 1 else last_value end)::text as next from ${ident(sequence)}`,
    );
    const [copied] =
      table && column
        ? await target.query<{ next: string | null }>(
            `select (max(${ident(column)}) + 1)::text as next from ${ident(table)}`,
          )
        : [{ next: null }];
    const next = [before!.next, copied?.next ?? null]
      .filter((value): value is string => value !== null)
      .map(BigInt)
      .reduce((a, b) => (a > b ? a : b));
    await target.query(`select setval(${literal(ident(sequence))}, ${next}, false)`);
  }
}

export interface CopyOptions {
  pagesPerBatch?: number;
  /** After each table: its name and the rows copied. */
  onTable?: (table: string, rows: number) => void;
}

/**
 * Copies every given table from source to target, inside the transaction the caller holds open on the
 * target: foreign keys dropped and re-added after (which checks every reference again), user triggers
 * off during the copy (rows kept by triggers, such as the monthly job counts, are copied as they are,
 * not counted twice), what the target held before emptied, sequences set past what was copied.
 */
export async function copyTables(
  source: Sql,
  target: Sql,
  tables: TableInfo[],
  options: CopyOptions = {},
): Promise<Record<string, number>> {
  const keys = await foreignKeys(target);
  for (const key of keys)
    await target.query(`alter table ${ident(key.table)} drop constraint ${ident(key.name)}`);
  for (const table of tables) await target.query(`alter table ${ident(table.name)} disable trigger user`);
  if (tables.length > 0)
    await target.query(`truncate ${tables.map((table) => ident(table.name)).join(', ')}`);
  const copied: Record<string, number> = {};
  for (const table of tables) {
    const rows = await copyTable(source, target, table, options.pagesPerBatch ?? PAGES_PER_BATCH);
    copied[table.name] = rows;
    options.onTable?.(table.name, rows);
  }
  for (const table of tables) await target.query(`alter table ${ident(table.name)} enable trigger user`);
  for (const key of keys)
    await target.query(`alter table ${ident(key.table)} add constraint ${ident(key.name)} ${key.definition}`);
  await setSequences(source, target);
  return copied;
}
