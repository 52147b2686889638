import { ident, type Sql } from './sql.ts';
import type { TableInfo } from './catalog.ts';

/** Rows taken from each end of a table, by primary key, for its checksum. */
export const SAMPLE_ROWS = 1000;

export interface TableSummary {
  rows: number;
  /** md5 of the first and of the last rows by primary key, each row as PostgreSQL prints it. */
  first: string;
  last: string;
}

/**
 * By primary key, text keys in byte order (the two databases may sort text by different rules); a
 * table without one by its rows' text.
 */
function orderOf(table: TableInfo, descending: boolean): string {
  const direction = descending ? ' desc' : '';
  if (table.primaryKey.length === 0) return `t::text collate "C"${direction}`;
  return table.primaryKey
    .map((column) => `t.${ident(column.name)}${column.collatable ? ' collate "C"' : ''}${direction}`)
    .join(', ');
}

async function checksum(sql: Sql, table: TableInfo, descending: boolean, rows: number): Promise<string> {
  const order = orderOf(table, descending);
  const [row] = await sql.query<{ sum: string | null }>(`
    select md5(string_agg(r, E'\\n' order by i)) as sum from (
      select t::text as r, row_number() over (order by ${order}) as i
      from ${ident(table.name)} t order by ${order} limit ${rows}) s`);
  return row!.sum ?? '';
}

/** Count and checksums of one table; both sessions set alike first (settleSession). */
export async function summarize(sql: Sql, table: TableInfo, rows = SAMPLE_ROWS): Promise<TableSummary> {
  const [count] = await sql.query<{ n: string }>(`select count(*)::text as n from ${ident(table.name)}`);
  return {
    rows: Number(count!.n),
    first: await checksum(sql, table, false, rows),
    last: await checksum(sql, table, true, rows),
  };
}

/** What differs between two sides, table by table, in words; empty when nothing does. */
export async function compareTables(
  source: Sql,
  target: Sql,
  tables: TableInfo[],
  rows = SAMPLE_ROWS,
): Promise<string[]> {
  const differences: string[] = [];
  for (const table of tables) {
    const [before, after] = [await summarize(source, table, rows), await summarize(target, table, rows)];
    if (before.rows !== after.rows)
      differences.push(`${table.name}: ${before.rows} rows in the source, ${after.rows} in the target`);
    else if (before.first !== after.first)
      differences.push(`${table.name}: the first ${rows} rows by primary key differ`);
    else if (before.last !== after.last)
      differences.push(`${table.name}: the last ${rows} rows by primary key differ`);
  }
  return differences;
}
