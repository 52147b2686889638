import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { signInThroughIdp } from '@fleet/device-kit/sign-in';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { buildApp } from '../src/app.ts';

/** The real server on a benchmark's database, listening on 127.0.0.1, in demo mode. */
export async function startBenchServer(
  database: Database,
  port: number,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; baseUrl: string; close(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fleet-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false, webDir: path.join(dataDir, 'none') });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    baseUrl,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The authorization header of a demo user signed in through the identity provider. */
export async function signedInHeaders(baseUrl: string, username: string) {
  const signIn = await signInThroughIdp(baseUrl, username);
  if (!signIn.ok) throw new Error('sign-in failed');
  return { authorization: `Bearer ${signIn.tokens.access_token}` };
}

/**
 * A new, empty database of this name on the PostgreSQL server of `adminUrl`; `drop` removes it once the
 * bench server, which closes its database, is closed.
 */
export async function benchPostgres(
  adminUrl: string,
  name: string,
): Promise<{ database: Database; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: await openDatabase({ databaseUrl: url.href }),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
