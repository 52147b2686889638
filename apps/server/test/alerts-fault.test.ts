import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDeviceIdentity } from '@fleet/device-kit/demo-fleet';
import { signDeviceRequest } from '@fleet/device-kit/device-keys';
import { signInThroughIdp } from '@fleet/device-kit/sign-in';
import { DEMO_KEYS_FILE, readDemoDeviceKeys } from '../src/demo/demo-device-keys.ts';
import { serverProcessHome, stop, until, type ServerProcessHome } from './server-process.ts';

/**
 * The real server as its own process, killed with SIGKILL while it tells of failed jobs every second: each
 * job a device had acknowledged is told exactly once, before or after the kill (docs/notifications.md).
 */
const SEED = 20250801;
// No seeded jobs: the failed jobs told are the test's own, well under a rule's hourly cap.
const ENV = { SEED: String(SEED), SEED_DEVICES: '40', SEED_JOBS: '0', ALERT_EVALUATE_SECONDS: '1' };

let home: ServerProcessHome;
beforeAll(async () => {
  home = await serverProcessHome('alerts');
});
afterAll(async () => home?.remove());

describe('alerts across a kill -9', () => {
  it('tells each failed job once, whether its turn ran before, across or after the kill', async () => {
    const base = `http://127.0.0.1:${home.port}`;
    let server = await home.start(ENV);
    const keys = await readDemoDeviceKeys(path.join(home.dataDir, DEMO_KEYS_FILE));
    const [serialNumber] = Array.from({ length: 40 }, (_, index) => demoDeviceIdentity(SEED, index).identity)
      .filter((identity) => identity.deviceStatus === 'A' && keys[identity.serialNumber])
      .map((identity) => identity.serialNumber);
    const api = async (method: string, url: string, body?: unknown) => {
      const signedIn = await signInThroughIdp(base, 'administrator');
      if (!signedIn.ok) throw new Error('could not sign in');
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${signedIn.tokens.access_token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json() as Promise<Record<string, unknown>>;
    };
    await api('PUT', '/api/Me/AlertRules', {
      rules: [{ kind: 'job.failed', threshold: null, channel: 'console', companyId: null, enabled: true }],
    });
    const jobIds: string[] = [];
    const postFailedJob = async () => {
      const url = '/api/devices/jobs';
      const body = JSON.stringify({
        workflow: 'BATTERY-TEST',
        jobType: 0,
        jobStatus: 2,
        beginDate: new Date(Date.now() - 60_000).toISOString(),
        data: {},
        result: { validCal: 1, validChk: 0 },
      });
      const authorization = signDeviceRequest(serialNumber!, keys[serialNumber!]!, {
        method: 'POST',
        url,
        body,
      });
      const response = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body,
      });
      expect(response.status).toBe(201);
      jobIds.push(((await response.json()) as { id: string }).id);
    };

    for (let n = 0; n < 8; n++) {
      await postFailedJob();
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await stop(server, 'SIGKILL');
    server = await home.start(ENV);
    try {
      for (let n = 0; n < 7; n++) await postFailedJob();
      await until(
        'every failed job told',
        async () =>
          (await api('GET', '/api/Notifications?Type=job.failed')).totalCount === 15 ? true : undefined,
        30_000,
      );
      const page = await api('GET', '/api/Notifications?Type=job.failed&PageSize=20');
      const told = (page.data as { record: { id: string } }[]).map((notification) => notification.record.id);
      expect(told.sort()).toEqual([...jobIds].sort());
    } finally {
      await stop(server, 'SIGTERM');
    }
  });
});
