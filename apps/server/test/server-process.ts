import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEntry, serverProcessEnv } from '../../../scripts/build-server.mjs';
import { withinTime } from '../src/lib/within-time.ts';
import { scratchDatabase } from './postgres.ts';

/**
 * The real server as its own process, as `npm start` runs it (the bundle), for the tests that kill it and
 * the benchmarks: its data directory and database.
 */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
}

export interface ServerProcessHome {
  dataDir: string;
  port: number;
  /** A database of its own on TEST_DATABASE_URL's server, or the embedded one. */
  databaseUrl: string | undefined;
  /** Starts the server and waits until it answers its health check; `onLog` gets its log lines. */
  start(env?: Record<string, string>, onLog?: (line: string) => void): Promise<ChildProcess>;
  remove(): Promise<void>;
}

export async function serverProcessHome(prefix: string): Promise<ServerProcessHome> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `fleet-${prefix}-`));
  const port = await freePort();
  const scratch = process.env.TEST_DATABASE_URL ? await scratchDatabase(prefix) : null;
  const databaseUrl = scratch?.url;
  return {
    dataDir,
    port,
    databaseUrl,
    async start(env = {}, onLog) {
      const child = spawn(process.execPath, ['--enable-source-maps', await serverEntry()], {
        cwd: SERVER_DIR,
        env: serverProcessEnv({
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: dataDir,
          DEMO_MODE: 'true',
          LOG_LEVEL: 'warn',
          WEB_DIR: path.join(dataDir, 'no-console'),
          DATABASE_URL: databaseUrl ?? '',
          ...env,
        }),
        stdio: ['ignore', onLog ? 'pipe' : 'ignore', 'inherit'],
      });
      if (onLog) createInterface({ input: child.stdout! }).on('line', onLog);
      for (let attempt = 0; attempt < 240; attempt++) {
        if (child.exitCode !== null) throw new Error(`the server stopped with ${child.exitCode}`);
        const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (response) => response.ok,
          () => false,
        );
        if (healthy) return child;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      child.kill('SIGKILL');
      throw new Error('the server did not become healthy');
    },
    async remove() {
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const STOP_LIMIT_MS = 60_000;

/**
 * Stops a server process the hard way (power cut) or the polite way, and waits until it is gone; one that
 * is still there after a minute is killed and the stop fails.
 */
export async function stop(child: ChildProcess, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', () => resolve(true)));
  child.kill(signal);
  if (await withinTime(exited, STOP_LIMIT_MS, false)) return;
  child.kill('SIGKILL');
  throw new Error(`the server did not stop within ${STOP_LIMIT_MS / 1000} s of ${signal}`);
}

/**
 * Polls until `probe` answers a value (its errors, and a probe that does not settle before the end, count as
 * not yet), or fails after `timeoutMs`.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const value = await withinTime(probe(), Math.max(end - Date.now(), 0), undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}
