// `npm run bench:rollout -w apps/server`: a rollout to 50 simulated devices from start to end. The real
// server (bundled) on a fresh embedded database, the simulator with the fast profile (sessions of 8 to
// 20 s, an update check every 5 s, one device in ten flaky), a version uploaded, a rollout in the default
// waves (early access, 5 %, 25 %, 100 %) with a 10 % failure threshold and a 2-minute wave window;
// prints each wave as it starts and ends, and how the rollout ended.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { rolloutSchema, type Rollout } from '@fleet/contract';
import { signInThroughIdp } from '@fleet/device-kit/sign-in';
import { serverEntry, serverProcessEnv } from '../../../scripts/build-server.mjs';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '50' },
    'window-minutes': { type: 'string', default: '2' },
    threshold: { type: 'string', default: '10' },
    'max-minutes': { type: 'string', default: '15' },
  },
});
const WANTED = Number(values.devices);
const PORT = 8296;
const baseUrl = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = await mkdtemp(path.join(tmpdir(), 'fleet-bench-rollout-'));
const children: ChildProcess[] = [];
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s`;

function stopAll() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

async function healthy(): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

try {
  const server = spawn(process.execPath, [await serverEntry()], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: serverProcessEnv({
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      SEED_JOBS: '0',
      LOG_LEVEL: 'warn',
      ROLLOUT_STEP_SECONDS: '5',
    }),
  });
  children.push(server);
  await healthy();
  const roster = path.join(dataDir, 'roster.json');
  // Enough simulated devices that one type has the number wanted (TPMS-TOOL is about 40 % of the fleet).
  const simulator = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/device-sim/src/main.ts',
      '--server',
      baseUrl,
      '--devices',
      String(Math.ceil(WANTED * 3)),
      '--profile',
      'fast',
      '--quiet',
      '--roster-file',
      roster,
      '--keys',
      path.join(dataDir, 'demo-device-keys.json'),
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  children.push(simulator);
  const signIn = await signInThroughIdp(baseUrl, 'devops-manager');
  if (!signIn.ok) throw new Error('sign-in failed');
  const headers = { authorization: `Bearer ${signIn.tokens.access_token}` };
  const call = async <T>(url: string, init: RequestInit = {}): Promise<T> => {
    const response = await fetch(`${baseUrl}${url}`, { ...init, headers: { ...headers, ...init.headers } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  for (let attempt = 0; attempt < 60; attempt++) {
    if (
      await readFile(roster).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const serialNumbers = JSON.parse(await readFile(roster, 'utf8')) as string[];
  const byType = new Map<string, { serialNumber: string; earlyAccess: boolean }[]>();
  for (const serialNumber of serialNumbers) {
    const { deviceType, earlyAccess = false } = await call<{ deviceType: string; earlyAccess?: boolean }>(
      `/api/Series/${serialNumber}`,
    );
    byType.set(deviceType, [...(byType.get(deviceType) ?? []), { serialNumber, earlyAccess }]);
  }
  const [type, ofType] = [...byType].sort((a, b) => b[1].length - a[1].length)[0]!;
  // The early-access devices among them first, so that the first wave is theirs.
  const devices = ofType
    .sort((a, b) => Number(b.earlyAccess) - Number(a.earlyAccess))
    .slice(0, WANTED)
    .map((device) => device.serialNumber);
  const early = ofType.filter((device) => device.earlyAccess).length;
  console.log(
    `${clock()}  ${devices.length} simulated ${type} devices, ${early} with early access (of ${serialNumbers.length} simulated)`,
  );

  const body = new FormData();
  body.append('number', '6.1.0');
  body.append('kind', 'software');
  body.append('notes', 'Benchmark release');
  body.append('file', new Blob([new Uint8Array(2 * 1024 * 1024).fill(7)]), 'fw-6.1.0.bin');
  const uploadStarted = Date.now();
  const version = await call<{ sha256: string }>(`/api/Updates/DeviceTypes/${type}/versions`, {
    method: 'POST',
    body,
  });
  console.log(
    `${clock()}  6.1.0 uploaded (2 MB) in ${Date.now() - uploadStarted} ms, SHA-256 ${version.sha256.slice(0, 12)}…`,
  );
  let rollout = rolloutSchema.parse(
    await call<Rollout>('/api/Updates/rollouts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        deviceType: type,
        version: '6.1.0',
        filter: { serialNumbers: devices },
        failureThresholdPercent: Number(values.threshold),
        waveWindowMinutes: Number(values['window-minutes']),
      }),
    }),
  );
  const rolloutStarted = Date.now();
  console.log(
    `${clock()}  rollout ${rollout.id} started: ${rollout.devices} devices in waves of ${rollout.waves.map((w) => w.devices).join(', ')}`,
  );
  let lastWave = 0;
  const deadline = Date.now() + Number(values['max-minutes']) * 60_000;
  while (rollout.state === 'running' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    rollout = rolloutSchema.parse(await call<Rollout>(`/api/Updates/rollouts/${rollout.id}`));
    for (const wave of rollout.waves.filter((w) => w.state === 'passed' && w.number > lastWave)) {
      console.log(
        `${clock()}  wave ${wave.number} passed: ${wave.succeeded} updated, ${wave.failed} failed of ${wave.devices} (${wave.failurePercent} %), ${wave.offered} not answered`,
      );
      lastWave = wave.number;
    }
  }
  const seconds = ((Date.now() - rolloutStarted) / 1000).toFixed(0);
  console.log(
    `${clock()}  rollout ${rollout.state} after ${seconds} s: ${rollout.succeeded} updated, ${rollout.failed} failed of ${rollout.devices}`,
  );
  if (rollout.reason) console.log(`         ${rollout.reason}`);
  for (const wave of rollout.waves)
    console.log(
      `         wave ${wave.number} (${wave.state}): ${wave.devices} devices, ${wave.succeeded} updated, ${wave.failed} failed, ${wave.started} updating, ${wave.offered} offered`,
    );
} finally {
  stopAll();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await rm(dataDir, { recursive: true, force: true });
}
