import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEntry, serverProcessEnv } from '../../scripts/build-server.mjs';
import { demoDataWritten } from '@fleet/device-kit/demo-data-written';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A server of a test's own, on its own port and data directory, for tests that stop and start it
 * again: `start()` answers once it is healthy and has written its demo data; the data directory
 * outlives each stop until `remove()`.
 */
export function ownServer(portOffset: number, name: string, env: Record<string, string> = {}) {
  const port = Number(process.env.E2E_PORT ?? 8180) + portOffset;
  const baseUrl = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `fleet-${name}-`));
  const children: ChildProcess[] = [];
  return {
    baseUrl,
    dataDir,
    /** A process that ends with the server (a simulator), killed by `remove()` too. */
    keep(child: ChildProcess) {
      children.push(child);
      return child;
    },
    async start(): Promise<ChildProcess> {
      const server = spawn(process.execPath, ['--enable-source-maps', await serverEntry()], {
        cwd: ROOT,
        stdio: 'ignore',
        env: serverProcessEnv({
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          PUBLIC_URL: baseUrl,
          DATA_DIR: dataDir,
          DEMO_MODE: 'true',
          SEED_DEVICES: '200',
          LOGIN_RATE_LIMIT: '1000',
          LOG_LEVEL: 'warn',
          ...env,
        }),
      });
      children.push(server);
      // Healthy, and done writing its demo data: until then every call of a test would wait on it.
      await demoDataWritten(baseUrl, 180_000);
      return server;
    },
    /** Simulated devices of its demo fleet beating to it (apps/device-sim, given `args`), killed by `remove()` too. */
    simulate(args: readonly string[]): ChildProcess {
      const simulator = spawn(
        process.execPath,
        [
          ...['--import', 'tsx', 'apps/device-sim/src/main.ts', '--server', baseUrl],
          ...['--fleet', env.SEED_DEVICES ?? '200', '--keys', path.join(dataDir, 'demo-device-keys.json')],
          ...['--quiet', ...args],
        ],
        { cwd: ROOT, stdio: 'ignore', env: { ...process.env, SEED: '20250801' } },
      );
      children.push(simulator);
      return simulator;
    },
    remove() {
      for (const child of children) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
