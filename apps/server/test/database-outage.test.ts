import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEYS_FILE, readDemoDeviceKeys } from '../src/demo/demo-device-keys.ts';
import { signDeviceRequest } from '@fleet/device-kit/device-keys';
import { postgresAdminUrl, POSTGRES_PASS } from './postgres.ts';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';
import { serverProcessHome, stop, type ServerProcessHome } from './server-process.ts';
import { signInThroughIdp } from '@fleet/device-kit/sign-in';

/**
 * The server's PostgreSQL stopped under load, then started again: no request answers 500, every one
 * that needs the database answers 503 with Retry-After meanwhile, and all is answered again within two
 * seconds of the database's return.
 */
const OUTAGE_MS = 8_000;
const HEARTBEAT = '/api/devices/heartbeat';

interface Answer {
  /** When the request was sent and when its answer came. */
  sent: number;
  at: number;
  kind: string;
  status: number;
  retryAfter: string | null;
  message: string;
}

/** The start of a sign-in, as the console sends a browser to it. */
const signInQuery = (base: string) =>
  new URLSearchParams({
    client_id: 'fleet-console',
    response_type: 'code',
    scope: 'openid api',
    redirect_uri: `${base}/console/auth/callback`,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });

let cluster: PostgresCluster;
let home: ServerProcessHome;
let server: ChildProcess | undefined;

describe.skipIf(!postgresAdminUrl)(`a database outage ${POSTGRES_PASS}`, () => {
  beforeAll(async () => {
    cluster = await startPostgresCluster();
    home = await serverProcessHome('outage');
    server = await home.start({
      DATABASE_URL: cluster.url,
      DEMO_MODE: 'true',
      SEED_DEVICES: '20',
      SEED_JOBS: '0',
    });
  }, 180_000);
  afterAll(async () => {
    if (server && server.exitCode === null) await stop(server, 'SIGKILL');
    await home?.remove();
    await cluster?.remove();
  });

  it('answers 503 with Retry-After while it lasts, no 500, and recovers within 2 s', async () => {
    const base = `http://127.0.0.1:${home.port}`;
    const signedIn = await signInThroughIdp(base, 'support-manager');
    if (!signedIn.ok) throw new Error('no sign-in');
    const token = signedIn.tokens.access_token;
    const keys = Object.entries(await readDemoDeviceKeys(path.join(home.dataDir, DEMO_KEYS_FILE))).slice(
      0,
      5,
    );
    const answers: Answer[] = [];
    const ask = async (kind: string, url: string, init: RequestInit) => {
      const sent = Date.now();
      const response = await fetch(`${base}${url}`, init).catch(() => null);
      if (!response) return;
      const text = await response.text();
      answers.push({
        sent,
        at: Date.now(),
        kind,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        message: text.slice(0, 200),
      });
    };
    let running = true;
    const clients = [
      async () =>
        ask('list', '/api/Series/User?PageSize=10', {
          headers: { authorization: `Bearer ${token}`, 'accept-language': 'fr' },
        }),
      async () => {
        const [serialNumber, key] = keys[Math.floor(Math.random() * keys.length)]!;
        const authorization = signDeviceRequest(serialNumber, key, { method: 'POST', url: HEARTBEAT });
        await ask('heartbeat', HEARTBEAT, { method: 'POST', headers: { authorization } });
      },
      async () => ask('me', '/api/me', { headers: { authorization: `Bearer ${token}` } }),
      async () => ask('health', '/api/health', {}),
      async () => ask('sign-in', `/idp/auth?${signInQuery(base)}`, { redirect: 'manual' }),
    ].map(async (client) => {
      while (running) {
        await client();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });

    await new Promise((resolve) => setTimeout(resolve, 1000));
    await cluster.stop('fast');
    // A request sent before the database was down may still have been served by it.
    const downAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    const restartingAt = Date.now();
    await cluster.start();
    const backAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    running = false;
    await Promise.all(clients);

    const failures = answers.filter((answer) => answer.status >= 500);
    expect(failures.filter((answer) => answer.status !== 503)).toEqual([]);
    const during = answers.filter((answer) => answer.sent > downAt && answer.at < restartingAt);
    expect(during.length).toBeGreaterThan(20);
    for (const answer of during) {
      // The signed-in user's checked token is remembered a while: /api/me needs no database then.
      if (answer.kind === 'me' && answer.status === 200) continue;
      expect(answer.status, JSON.stringify(answer)).toBe(503);
      if (answer.kind !== 'health') expect(answer.retryAfter, JSON.stringify(answer)).toBe('5');
    }
    const list = during.find((answer) => answer.kind === 'list' && answer.status === 503)!;
    expect(JSON.parse(list.message).message).toMatch(/base de données est injoignable/);

    // Everything answers again soon after the database is back, and goes on answering.
    for (const kind of ['list', 'heartbeat', 'me', 'health', 'sign-in']) {
      const firstOk = answers.find(
        (answer) => answer.kind === kind && answer.at > restartingAt && answer.status < 400,
      );
      expect(firstOk, kind).toBeDefined();
      expect(firstOk!.at - backAt, kind).toBeLessThan(2000);
      const later = answers.filter((answer) => answer.kind === kind && answer.at > firstOk!.at);
      expect(
        later.filter((answer) => answer.status >= 400),
        kind,
      ).toEqual([]);
    }
  });
});
