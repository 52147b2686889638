// Starts the real server for the end-to-end tests on a fresh data directory.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEntry, serverProcessEnv } from '../scripts/build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '8180';
const dataDir = mkdtempSync(path.join(tmpdir(), 'fleet-e2e-'));
const server = spawn(process.execPath, ['--enable-source-maps', await serverEntry()], {
  cwd: root,
  stdio: 'inherit',
  env: serverProcessEnv({
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SEED_DEVICES: '400',
    // More live jobs than a PDF export holds (10,000; about 70 % of the jobs are live and not synthetic):
    // the tasks test needs an export that ends without a file.
    SEED_JOBS: '20000',
    LOG_LEVEL: 'warn',
    DEMO_MODE: 'true',
    SEED: '20250801',
    HEARTBEAT_ALIVE_SECONDS: '12',
    // Every test signs in from this one address: the per-address sign-in limit is for real clients.
    LOGIN_RATE_LIMIT: '1000',
    VARIANT: process.env.E2E_VARIANT ?? 'tool-equipment',
  }),
});
// One simulated device with a fixed rhythm (online 25 s, offline 50 s), for the live-status test.
const roster = path.join(root, 'e2e', '.simulated-devices.json');
const simulated = process.env.E2E_DEVICES !== '0';
if (simulated) rmSync(roster, { force: true });
let simulator;
const startSimulator = async () => {
  for (let attempt = 0; attempt < 240 && server.exitCode === null; attempt++) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      simulator = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          'apps/device-sim/src/main.ts',
          '--server',
          `http://127.0.0.1:${port}`,
          '--devices',
          '1',
          '--fleet',
          '400',
          '--profile',
          'blink',
          // Its updates never fail by chance: the versions test watches one succeed.
          '--update-failures',
          '0',
          // Every job it sends is whole and sent once: the tests count the jobs they see.
          '--bad-jobs',
          '0',
          '--roster-file',
          roster,
          '--keys',
          path.join(dataDir, 'demo-device-keys.json'),
        ],
        {
          cwd: root,
          stdio: 'inherit',
          env: { ...process.env, SEED: '20250801', VARIANT: process.env.E2E_VARIANT ?? 'tool-equipment' },
        },
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};
// The second server of the dark variant needs no simulated device (E2E_DEVICES=0).
if (simulated) void startSimulator();
const stop = (signal) => {
  simulator?.kill(signal);
  server.kill(signal);
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
server.on('exit', (code) => {
  simulator?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
