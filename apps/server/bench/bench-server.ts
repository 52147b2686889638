import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
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
