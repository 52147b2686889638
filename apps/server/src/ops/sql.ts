import { sql as drizzleSql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * One database session as the operations commands use it: text in, rows out. The same code reads the
 * embedded database and PostgreSQL, so every value they compare is cast to text or int in the SQL.
 */
export interface Sql {
  query<T extends object>(text: string, params?: unknown[]): Promise<T[]>;
}

/** A pg client (one connection: a transaction spans calls) or the embedded database's worker client. */
export interface Queryable {
  query(text: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

export function sqlOf(client: Queryable): Sql {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
  };
}

/** Through Drizzle: statements without parameters (identifiers and numbers are written into the text). */
export function sqlOfDb(db: Db): Sql {
  return {
    async query<T>(text: string, params?: unknown[]) {
      if (params?.length) throw new Error('sqlOfDb takes no parameters');
      const result = (await db.execute(drizzleSql.raw(text))) as unknown as { rows: T[] };
      return result.rows;
    },
  };
}

/** A quoted identifier. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** A quoted string literal. */
export const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** The same session settings on both sides, so that values print the same (timestamps with time zone). */
export async function settleSession(sql: Sql): Promise<void> {
  await sql.query(`set timezone = 'UTC'`);
  await sql.query(`set intervalstyle = 'postgres'`);
  await sql.query(`set extra_float_digits = 1`);
}
