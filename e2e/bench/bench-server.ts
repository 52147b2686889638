// The bundled server of a benchmark: on a fresh data folder, a demo fleet of the given size, ready once it
// answers healthy with its demo data written; `stop()` ends it and removes the folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEntry, serverProcessEnv } from '../../scripts/build-server.mjs';
import { demoDataWritten } from '@fleet/device-kit/demo-data-written';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function startBenchServer(name: string, port: number, fleet: { devices: number; jobs: number }) {
  const base = `http://localhost:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `fleet-bench-${name}-`));
  const server = spawn(process.execPath, [await serverEntry()], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: serverProcessEnv({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      SEED_DEVICES: String(fleet.devices),
      SEED_JOBS: String(fleet.jobs),
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
    }),
  });
  const stop = async () => {
    server.kill('SIGTERM');
    if (server.exitCode === null && server.signalCode === null)
      await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await demoDataWritten(base, 300_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, dataDir, stop };
}
