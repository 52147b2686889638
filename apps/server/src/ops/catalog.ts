import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_DIR } from '../paths.ts';
import { ident, type Sql } from './sql.ts';

/** A table of the public schema, as the catalog describes it. */
export interface TableInfo {
  name: string;
  /** Columns a copy writes: all but the generated ones, in the table's order. */
  columns: { name: string; json: 'json' | 'jsonb' | null }[];
  /** The primary key's columns in key order, each with whether it sorts by collation (text). */
  primaryKey: { name: string; collatable: boolean }[];
}

/**
 * Every table of the public schema (the `drizzle` schema is the migrator's). Found in the catalog, so
 * that a table added by a later migration is copied, counted and compared without code changes.
 */
export async function publicTables(sql: Sql): Promise<TableInfo[]> {
  const rows = await sql.query<{ name: string; kind: string; columns: string; key: string | null }>(`
    select c.relname as name, c.relkind::text as kind,
      (select json_agg(json_build_object('name', a.attname, 'json',
          case a.atttypid when 'json'::regtype then 'json' when 'jsonb'::regtype then 'jsonb' end)
          order by a.attnum) from pg_attribute a
        where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '')::text as columns,
      (select json_agg(json_build_object('name', a.attname, 'collatable', a.attcollation <> 0)
          order by array_position(i.indkey::int2[], a.attnum))
        from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
        where i.indrelid = c.oid and i.indisprimary)::text as key
    from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'm') and not c.relispartition
    order by c.relname`);
  const unsupported = rows.filter((row) => row.kind !== 'r');
  if (unsupported.length > 0)
    throw new Error(
      `Partitioned tables and materialized views are not copied by this command: ${unsupported.map((row) => row.name).join(', ')}`,
    );
  return rows.map((row) => ({
    name: row.name,
    columns: JSON.parse(row.columns ?? '[]') as TableInfo['columns'],
    primaryKey: row.key ? (JSON.parse(row.key) as TableInfo['primaryKey']) : [],
  }));
}

/** Exact row counts of every public table, by name. */
export async function tableCounts(sql: Sql, tables?: TableInfo[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables ?? (await publicTables(sql))) {
    const [row] = await sql.query<{ n: string }>(`select count(*)::text as n from ${ident(table.name)}`);
    counts[table.name] = Number(row!.n);
  }
  return counts;
}

/**
 * Tables the migrations themselves fill (currencies, the chart of accounts…): their rows are reference
 * data, not a fleet's records, and a freshly migrated database already has them. Read from the
 * migration files, so a later migration's reference table is known too.
 */
export async function tablesFilledByMigrations(): Promise<Set<string>> {
  const folder = path.join(SERVER_DIR, 'drizzle');
  const names = new Set<string>();
  for (const file of (await readdir(folder)).filter((name) => name.endsWith('.sql'))) {
    const text = await readFile(path.join(folder, file), 'utf8');
    for (const match of text.matchAll(/insert\s+into\s+"?([a-z_][a-z0-9_]*)"?/gi)) names.add(match[1]!);
  }
  return names;
}

/** Tables holding rows the migrations did not write, as `name (N rows)`, counted up to 1000. */
export async function recordsIn(target: Sql): Promise<string[]> {
  const reference = await tablesFilledByMigrations();
  const held: string[] = [];
  for (const table of await publicTables(target)) {
    if (reference.has(table.name)) continue;
    const [row] = await target.query<{ n: number }>(
      `select count(*)::int as n from (select from ${ident(table.name)} limit 1000) rows`,
    );
    const n = row!.n;
    if (n > 0) held.push(`${table.name} (${n === 1000 ? '1000+' : n} ${n === 1 ? 'row' : 'rows'})`);
  }
  return held;
}
