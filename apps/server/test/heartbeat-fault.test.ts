import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDeviceIdentity } from '../src/db/demo-fleet.ts';
import { DEMO_KEYS_FILE, readDemoDeviceKeys } from '../src/db/demo-device-keys.ts';
import { signDeviceRequest } from '../src/lib/device-keys.ts';
import { signInThroughIdp } from './sign-in.ts';

/**
 * The real server as its own process, killed with SIGKILL while devices beat: what was acknowledged
 * more than the recorder's flush interval before the kill (docs/architecture.md) survives.
 */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FLUSH_INTERVAL_MS = 1000;
/** The write in progress at the kill takes a few milliseconds more than the interval. */
const MARGIN_MS = 500;
const SEED = 20250801;
const DEVICES = 60;

let dataDir: string;
let port: number;
let databaseUrl: string | undefined;
let dropDatabase = async () => undefined as void;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
}

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      SEED: String(SEED),
      SEED_DEVICES: String(DEVICES),
      LOG_LEVEL: 'warn',
      WEB_DIR: path.join(dataDir, 'no-console'),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
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
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'fleet-fault-'));
  port = await freePort();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `fleet_fault_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
});
afterAll(async () => {
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

describe('heartbeats across a kill -9', () => {
  it('keeps every beat acknowledged more than a flush interval before the kill', async () => {
    let server = await startServer();
    const keys = await readDemoDeviceKeys(path.join(dataDir, DEMO_KEYS_FILE));
    const devices = Array.from({ length: DEVICES }, (_, index) => demoDeviceIdentity(SEED, index).identity)
      .filter((identity) => identity.deviceStatus === 'A' && keys[identity.serialNumber])
      .map((identity) => identity.serialNumber)
      .slice(0, 24);
    expect(devices.length).toBeGreaterThan(10);

    /** Server time of each device's beats, as the server acknowledged them. */
    const acknowledged = new Map<string, number[]>();
    let killedAt = Infinity;
    const beat = async (serialNumber: string) => {
      const url = '/api/devices/heartbeat';
      const authorization = signDeviceRequest(serialNumber, keys[serialNumber]!, { method: 'POST', url });
      const response = await fetch(`http://127.0.0.1:${port}${url}`, {
        method: 'POST',
        headers: { authorization },
      });
      if (!response.ok) return;
      const { serverTime } = (await response.json()) as { serverTime: string };
      acknowledged.set(serialNumber, [...(acknowledged.get(serialNumber) ?? []), Date.parse(serverTime)]);
    };
    const load = (async () => {
      for (let round = 0; Date.now() < killedAt; round++) {
        await Promise.all(devices.map((serialNumber) => beat(serialNumber).catch(() => undefined)));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    killedAt = Date.now();
    server.kill('SIGKILL');
    await new Promise((resolve) => server.once('exit', resolve));
    await load;

    server = await startServer();
    try {
      const signedIn = await signInThroughIdp(`http://127.0.0.1:${port}`, 'administrator');
      if (!signedIn.ok) throw new Error('could not sign in');
      const statuses = (await (
        await fetch(`http://127.0.0.1:${port}/api/HeartBeat/status`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${signedIn.tokens.access_token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(devices),
        })
      ).json()) as Record<string, { heartBeat: { lastHeartBeat: string } | null }>;
      const lost: string[] = [];
      let checked = 0;
      for (const serialNumber of devices) {
        const safe = (acknowledged.get(serialNumber) ?? []).filter(
          (at) => at < killedAt - FLUSH_INTERVAL_MS - MARGIN_MS,
        );
        if (safe.length === 0) continue;
        checked++;
        const stored = Date.parse(statuses[serialNumber]?.heartBeat?.lastHeartBeat ?? '0001-01-01T00:00:00Z');
        if (stored < Math.max(...safe))
          lost.push(`${serialNumber}: stored ${stored}, acknowledged ${Math.max(...safe)}`);
      }
      expect(checked).toBe(devices.length);
      expect(lost).toEqual([]);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
  });
});
