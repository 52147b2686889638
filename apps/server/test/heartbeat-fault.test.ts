import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDeviceIdentity } from '@fleet/device-kit/demo-fleet';
import { DEMO_KEYS_FILE, readDemoDeviceKeys } from '../src/demo/demo-device-keys.ts';
import { signDeviceRequest } from '@fleet/device-kit/device-keys';
import path from 'node:path';
import { serverProcessHome, stop, type ServerProcessHome } from './server-process.ts';
import { signInThroughIdp } from '@fleet/device-kit/sign-in';

/**
 * The real server as its own process, killed with SIGKILL while devices beat: what was acknowledged
 * more than the recorder's flush interval before the kill (docs/architecture.md) survives.
 */
const FLUSH_INTERVAL_MS = 1000;
/** The write in progress at the kill takes a few milliseconds more than the interval. */
const MARGIN_MS = 500;
const SEED = 20250801;
const DEVICES = 60;
const ENV = { SEED: String(SEED), SEED_DEVICES: String(DEVICES) };

let home: ServerProcessHome;
let port: number;
let dataDir: string;
beforeAll(async () => {
  home = await serverProcessHome('fault');
  ({ port, dataDir } = home);
});
afterAll(async () => home?.remove());

describe('heartbeats across a kill -9', () => {
  it('keeps every beat acknowledged more than a flush interval before the kill', async () => {
    let server = await home.start(ENV);
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
    await stop(server, 'SIGKILL');
    await load;

    server = await home.start(ENV);
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
      await stop(server, 'SIGTERM');
    }
  });
});
