import pg from 'pg';
import { postgresTool } from './tools.ts';

/** A session on the database of a URL. */
export async function connectTo(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

/**
 * The URL and environment a PostgreSQL tool connects with: the password in PGPASSWORD, not on the
 * command line, where other users of the machine see it.
 */
export function toolConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.href, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** pg_dump or pg_restore matching the server this session is on. */
export async function toolFor(client: pg.Client, tool: 'pg_dump' | 'pg_restore'): Promise<string> {
  const { rows } = await client.query<{ version: string }>(
    `select current_setting('server_version_num') as version`,
  );
  return postgresTool(tool, Math.floor(Number(rows[0]!.version) / 10000));
}
