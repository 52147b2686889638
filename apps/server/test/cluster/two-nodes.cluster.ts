import { spawnSync } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { HUB_EVENTS, TASK_STATUS, taskListAnswerSchema } from '@fleet/contract';
import { signDeviceRequest } from '@fleet/device-kit/device-keys';
import { DEMO_KEYS_FILE } from '../../src/demo/demo-device-keys.ts';
import { call, connectConsole, connectDesktop, recorder } from '../hub-clients.ts';
import type { TestServer } from '../helpers.ts';
import { openSignInPage, signInThroughIdp } from '@fleet/device-kit/sign-in';
import { startCluster, type Cluster } from './cluster.ts';

/**
 * Two nodes behind nginx on one PostgreSQL, one Redis and one bucket (docs/scaling.md): what one node
 * did, the other knows.
 */
const DEVICES = 40;
const DEPLOY = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy');
let cluster: Cluster;
let db: pg.Client;
const sockets: Socket[] = [];

beforeAll(async () => {
  cluster = await startCluster({
    env: { SEED_DEVICES: String(DEVICES), SEED_JOBS: '400', LOGIN_RATE_LIMIT: '3' },
  });
  db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
}, 240_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await db?.end();
  await cluster?.stop();
});

const [nodeA, nodeB] = [() => cluster.nodes[0]!, () => cluster.nodes[1]!];

let signIns = 0;

/**
 * A signed-in user's token, taken through node A's identity provider (redirects go through the proxy).
 * Each from an address of its own: the sign-in limit per address is low here, and shared by the nodes.
 */
async function tokenThroughA(username: string): Promise<string> {
  const from = { 'x-forwarded-for': `192.0.2.${++signIns}` };
  const signed = await signInThroughIdp(nodeA().url, username, 'demo', '/console', from, cluster.url);
  if (!signed.ok) throw new Error(`${username} could not sign in: ${signed.status}`);
  return signed.tokens.access_token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A node seen as the test server the hub clients expect: its address, tokens and the demo keys. */
async function asServer(url: string, tokens: Record<string, string>): Promise<TestServer> {
  const keys = JSON.parse(await readFile(path.join(cluster.dataDir, DEMO_KEYS_FILE), 'utf8')) as Record<
    string,
    string
  >;
  return {
    baseUrl: url,
    tokenFor: async (username: string) =>
      tokens[username] ?? (tokens[username] = await tokenThroughA(username)),
    deviceKey: async (serialNumber: string) => keys[serialNumber]!,
  } as unknown as TestServer;
}

it('started together, the nodes migrated and seeded the database once', async () => {
  const { rows } = await db.query<{ count: string }>('select count(*) from series');
  expect(Number(rows[0]!.count)).toBeGreaterThanOrEqual(DEVICES);
  const secrets = await db.query<{ name: string }>('select name from server_secrets order by name');
  expect(secrets.rows.map((row) => row.name)).toEqual([
    'device-cookie-key',
    'idp-keys',
    'payment-webhook-secret',
    'profile-form-key',
  ]);
});

it('answers through the proxy with the request id the proxy gave (one id in both logs)', async () => {
  const response = await fetch(`${cluster.url}/api/health`);
  expect(response.status).toBe(200);
  expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
});

it('signs in through the proxy, as a browser does, whichever node each step reaches', async () => {
  const signed = await signInThroughIdp(cluster.url, 'support-user', 'demo', '/console', {
    'x-forwarded-for': '192.0.2.200',
  });
  expect(signed.ok).toBe(true);
});

it('signs in through node A and acts through node B with the same token', async () => {
  const token = await tokenThroughA('support-manager');
  for (const node of [nodeA(), nodeB()]) {
    const me = await fetch(`${node.url}/api/me`, { headers: bearer(token) });
    expect(me.status, node.name).toBe(200);
  }
  const page = await fetch(`${nodeB().url}/api/Series/User?PageSize=10`, { headers: bearer(token) });
  expect(page.status, await page.clone().text()).toBe(200);
});

it('shows on a console connected to node A what a device connected to node B does', async () => {
  const tokens: Record<string, string> = {};
  const a = await asServer(nodeA().url, tokens);
  const b = await asServer(nodeB().url, tokens);
  const { rows } = await db.query<{ serial_number: string }>(
    `select serial_number from series where device_status = 'A' and device_public_key is not null limit 1`,
  );
  const serialNumber = rows[0]!.serial_number;
  const console = await connectConsole(a, 'support-manager');
  sockets.push(console);
  const events = recorder(console, HUB_EVENTS);
  expect(await call(console, 'joinGroupAdmin')).toMatchObject({ ok: true });
  const tool = await connectDesktop(b, 'devops-manager', serialNumber, (command) =>
    command.kind === 'modbus' ? { ok: true, result: '01 03 02 00 2A' } : null,
  );
  sockets.push(tool.socket);
  await events.waitFor('connected', (payload) => payload.serialNumber === serialNumber);
  // A command from node A reaches the tool on node B and its answer comes back.
  const answer = await call(console, 'sendRawModbusCommand', {
    serialNumber,
    rawCommand: '01 03 00 10 00 01',
    timeoutMs: 5000,
  });
  expect(answer).toEqual({ ok: true, result: { answer: '01 03 02 00 2A' } });
});

it('runs each export exactly once, on whichever node takes it, and serves its file from the bucket', async () => {
  const token = await tokenThroughA('administrator');
  const requestIds: string[] = [];
  for (let i = 0; i < 6; i++) {
    const response = await fetch(`${cluster.url}/api/Jobs/Export`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({
        ExportDescription: `Cluster export ${i}`,
        ExportType: 'CSV',
        JobFilters: { FilterOnBeginDate: '2000-01-01', BeginDateOperator: 'since' },
      }),
    });
    expect(response.status, await response.clone().text()).toBe(202);
    requestIds.push(((await response.json()) as { requestId: string }).requestId);
  }
  for (let waited = 0; ; waited += 250) {
    const { rows } = await db.query<{ status: number }>('select status from tasks where id = any($1)', [
      requestIds,
    ]);
    if (rows.length === 6 && rows.every((row) => row.status === TASK_STATUS.DONE)) break;
    if (waited > 60_000) throw new Error(`exports not done: ${JSON.stringify(rows)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const { rows } = await db.query<{ attempts: number; locked_by: string | null }>(
    'select attempts, locked_by from tasks where id = any($1)',
    [requestIds],
  );
  expect(rows.map((row) => row.attempts)).toEqual([1, 1, 1, 1, 1, 1]);
  // Through node B, a task node A may have run: listed, and its file downloads from the bucket.
  const listed = await fetch(`${nodeB().url}/api/Task?PageSize=100`, { headers: bearer(token) });
  const tasks = taskListAnswerSchema.parse(await listed.json()).data;
  expect(requestIds.every((id) => tasks.some((task) => task.requestId === id))).toBe(true);
  const download = await fetch(`${nodeB().url}/api/Task/${requestIds[0]}/download`, {
    headers: bearer(token),
  });
  const { mediaLink } = (await download.json()) as { mediaLink: string };
  const file = await fetch(mediaLink);
  expect(file.status).toBe(200);
  expect((await file.text()).split('\n').length).toBeGreaterThan(1);
});

it('counts sign-in attempts of one address across nodes', async () => {
  const statuses: number[] = [];
  for (const [i, node] of [nodeA(), nodeB(), nodeA(), nodeB()].entries()) {
    const page = await openSignInPage(node.url, '/console', cluster.url);
    const response = await page.go(page.action, {
      method: 'POST',
      body: new URLSearchParams({ username: `nobody-${i}`, password: 'wrong' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.7' },
    });
    statuses.push(response.status);
  }
  expect(statuses).toEqual([401, 401, 401, 429]);
});

it('refuses on node B a device request node A already took (a replay)', async () => {
  const keys = JSON.parse(await readFile(path.join(cluster.dataDir, DEMO_KEYS_FILE), 'utf8')) as Record<
    string,
    string
  >;
  const { rows } = await db.query<{ serial_number: string }>(
    `select serial_number from series where device_status = 'A' and device_public_key is not null limit 1`,
  );
  const serialNumber = rows[0]!.serial_number;
  const authorization = signDeviceRequest(serialNumber, keys[serialNumber]!, {
    method: 'POST',
    url: '/api/devices/heartbeat',
  });
  const send = (url: string) =>
    fetch(`${url}/api/devices/heartbeat`, { method: 'POST', headers: { authorization } });
  expect((await send(nodeA().url)).status).toBeLessThan(300);
  const replayed = await send(nodeB().url);
  expect(replayed.status).toBe(401);
  expect(await replayed.text()).toContain('replayed');
});

it('keeps the systemd unit of deploy/ valid (systemd-analyze verify)', async () => {
  const folder = await mkdtemp(path.join(tmpdir(), 'fleet-unit-'));
  try {
    const unit = 'fleet-console@.service';
    await copyFile(path.join(DEPLOY, 'systemd', unit), path.join(folder, unit));
    const verified = spawnSync(
      'systemd-analyze',
      ['verify', path.join(folder, 'fleet-console@8081.service')],
      {
        encoding: 'utf8',
      },
    );
    if (verified.error) throw new Error('systemd-analyze is missing: sudo apt-get install systemd');
    // It reports problems as warnings and still exits 0: any output is a problem.
    expect(`${verified.stdout}${verified.stderr}`.trim()).toBe('');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
