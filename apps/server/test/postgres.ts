import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Tests that need a real PostgreSQL server run in the PostgreSQL pass of `npm test`
 * (scripts/with-postgres.sh sets TEST_DATABASE_URL); in the embedded pass they are reported skipped,
 * with this reason in their title.
 */
export const POSTGRES_PASS = '(PostgreSQL pass of npm test: scripts/with-postgres.sh)';
export const postgresAdminUrl = process.env.TEST_DATABASE_URL;

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** An empty database of its own on TEST_DATABASE_URL's server, dropped after. */
export async function scratchDatabase(prefix: string, template?: string): Promise<ScratchDatabase> {
  if (!postgresAdminUrl)
    throw new Error('TEST_DATABASE_URL is not set: run through scripts/with-postgres.sh');
  const name = `fleet_${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresAdminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
