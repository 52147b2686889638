import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS_FILE, readDemoDeviceKeys } from '../src/db/demo-device-keys.ts';
import { signDeviceRequest } from '../src/lib/device-keys.ts';
import { serverProcessHome, stop, type ServerProcessHome } from './server-process.ts';

/**
 * A device request captured on the wire must stay refused after the server restarts, even when it was
 * killed (-9) without a chance to save anything: with one node, the nonces live in the database.
 */
const HEARTBEAT = '/api/devices/heartbeat';
const ENV = { SEED_DEVICES: '5', SEED_JOBS: '0' };

let home: ServerProcessHome;
let server: ChildProcess | undefined;

beforeAll(async () => {
  home = await serverProcessHome('replay');
  server = await home.start(ENV);
}, 120_000);
afterAll(async () => {
  if (server && server.exitCode === null) await stop(server, 'SIGKILL');
  await home?.remove();
});

const beat = (authorization: string) =>
  fetch(`http://127.0.0.1:${home.port}${HEARTBEAT}`, { method: 'POST', headers: { authorization } });

describe('a captured device request', () => {
  it('is refused after a kill -9 and a restart, as before it', async () => {
    const keys = await readDemoDeviceKeys(path.join(home.dataDir, DEMO_KEYS_FILE));
    const [serialNumber, key] = Object.entries(keys)[0]!;
    const captured = signDeviceRequest(serialNumber, key, { method: 'POST', url: HEARTBEAT });
    expect((await beat(captured)).status).toBe(200);
    expect((await beat(captured)).status).toBe(401);

    await stop(server!, 'SIGKILL');
    server = await home.start(ENV);

    const replayed = await beat(captured);
    expect(replayed.status).toBe(401);
    expect(((await replayed.json()) as { message: string }).message).toMatch(/replayed/);
    // The device itself goes on with requests signed anew.
    const fresh = signDeviceRequest(serialNumber, key, { method: 'POST', url: HEARTBEAT });
    expect((await beat(fresh)).status).toBe(200);
  });
});
