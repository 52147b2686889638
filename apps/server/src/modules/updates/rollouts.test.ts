import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  rolloutListAnswerSchema,
  rolloutSchema,
  updateOffersAnswerSchema,
  type Rollout,
} from '@fleet/contract';
import { rollouts, series, updateHistory } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { uploadVersionAs } from '../../../test/uploads.ts';
import { stepRollout } from './rollout-steps.ts';

let server: TestServer;
let type: string;
/** Activated devices of the type, put on an old version so that they all need the new one. */
let fleet: { serialNumber: string; earlyAccess: boolean }[];

async function uploadVersion(number: string) {
  const answer = await uploadVersionAs(
    server,
    'devops-manager',
    type,
    { number, kind: 'software' },
    { name: `fw-${number}.bin`, bytes: Buffer.from(`firmware ${number}`) },
  );
  expect(answer.statusCode, answer.body).toBe(201);
}

const offersOf = async (serialNumber: string) =>
  updateOffersAnswerSchema.parse(
    (await server.asDevice(serialNumber, { method: 'GET', url: '/api/devices/updates' })).json(),
  ).offers;

const report = (serialNumber: string, version: string, state: string) =>
  server.asDevice(serialNumber, {
    url: '/api/devices/updates',
    payload: { kind: 'software', version, state },
  });

const rolloutOf = async (id: number) =>
  rolloutSchema.parse((await server.call('support-user', 'GET', `/api/Updates/rollouts/${id}`)).json());

/** The serial numbers of a wave's devices. */
async function waveDevices(id: number, wave: number): Promise<string[]> {
  const answer = await server.call(
    'support-user',
    'GET',
    `/api/Updates/rollouts/${id}/devices?Wave=${wave}&PageSize=100`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { data: { serialNumber: string }[] }).data.map((device) => device.serialNumber);
}

/** The rollout once the server has moved it on by itself (a report ending an update wakes the scheduler). */
const settled = (id: number, until: (rollout: Rollout) => boolean) =>
  vi.waitFor(
    async () => {
      const rollout = await rolloutOf(id);
      if (!until(rollout)) throw new Error(`rollout ${id} is ${rollout.state}, wave ${rollout.currentWave}`);
      return rollout;
    },
    { timeout: 10_000, interval: 100 },
  );

beforeAll(async () => {
  server = await startTestServer({ ROLLOUT_STEP_SECONDS: '3600' });
  const db = server.database.db;
  const [first] = await db
    .select({ type: series.deviceType })
    .from(series)
    .orderBy(series.deviceType)
    .limit(1);
  type = first!.type;
  const devices = await db
    .select({ serialNumber: series.serialNumber, earlyAccess: series.earlyAccess })
    .from(series)
    .where(and(eq(series.deviceType, type), eq(series.deviceStatus, 'A')))
    .orderBy(series.id)
    .limit(12);
  // Two early-access devices: with waves of 50 % and 100 %, the waves hold 2, 5 and 5 devices.
  fleet = devices.map((device, index) => ({ ...device, earlyAccess: index < 2 }));
  for (const early of [true, false])
    await db
      .update(series)
      .set({ earlyAccess: early })
      .where(
        inArray(
          series.serialNumber,
          fleet.filter((d) => d.earlyAccess === early).map((d) => d.serialNumber),
        ),
      );
  await db
    .update(series)
    .set({ currentVersion: '5.8.2' })
    .where(
      inArray(
        series.serialNumber,
        devices.map((d) => d.serialNumber),
      ),
    );
  await uploadVersion('9.9.0');
});
afterAll(async () => server?.close());

const request = (overrides: object = {}) => ({
  deviceType: type,
  version: '9.9.0',
  filter: { serialNumbers: fleet.map((device) => device.serialNumber) },
  wavePercents: [50, 100],
  failureThresholdPercent: 20,
  ...overrides,
});

describe('rollouts', () => {
  it('previews its waves, early-access devices first', async () => {
    const preview = await server.call('devops-manager', 'POST', '/api/Updates/rollouts/preview', request());
    expect(preview.statusCode, preview.body).toBe(200);
    const early = fleet.filter((device) => device.earlyAccess).length;
    const rest = fleet.length - early;
    expect(preview.json()).toEqual({
      devices: fleet.length,
      earlyAccessDevices: early,
      waves: [...(early ? [early] : []), Math.ceil(rest / 2), rest - Math.ceil(rest / 2)],
      upToDate: 0,
      activeRolloutId: null,
    });
  });

  it('sends the version wave by wave, and stops by itself when a wave fails past the threshold', async () => {
    const started = await server.call('devops-manager', 'POST', '/api/Updates/rollouts', request());
    expect(started.statusCode, started.body).toBe(201);
    const rollout = rolloutSchema.parse(started.json());
    expect(rollout).toMatchObject({ state: 'running', currentWave: 1, devices: fleet.length });
    expect((await server.call('devops-manager', 'POST', '/api/Updates/rollouts', request())).statusCode).toBe(
      409,
    );

    const first = await waveDevices(rollout.id, 1);
    const later = fleet.map((d) => d.serialNumber).filter((sn) => !first.includes(sn));
    expect((await offersOf(first[0]!)).map((offer) => [offer.version, offer.rolloutId])).toEqual([
      ['9.9.0', rollout.id],
    ]);
    expect(await offersOf(later[0]!)).toEqual([]);

    for (const serialNumber of first) {
      expect((await report(serialNumber, '9.9.0', 'started')).statusCode).toBe(204);
      expect((await report(serialNumber, '9.9.0', 'succeeded')).statusCode).toBe(204);
    }
    // The last success of the wave moves it on at once, without waiting for the scheduler's turn.
    let now = await settled(rollout.id, (r) => r.currentWave >= 2);
    expect(now.waves[0]).toMatchObject({ state: 'passed', succeeded: first.length, failed: 0 });

    const second = await waveDevices(rollout.id, now.currentWave);
    expect((await offersOf(second[0]!))[0]?.rolloutId).toBe(rollout.id);
    const failing = second.slice(0, 3);
    for (const serialNumber of failing) await report(serialNumber, '9.9.0', 'failed');
    await report(second[3]!, '9.9.0', 'succeeded');
    await report(second[4]!, '9.9.0', 'succeeded');
    now = await settled(rollout.id, (r) => r.state !== 'running');
    expect(now.state).toBe('stopped');
    // Two failures of five are over 10 % of the wave whatever the others do: it stops at once.
    expect(now.reason).toMatch(new RegExp(`wave ${now.currentWave} failed on [2-3] of [2-5] devices`));
    expect(now.currentWave).toBe(2);
    const [third] = await waveDevices(rollout.id, 3);
    expect(await offersOf(third!)).toEqual([]);

    const history = await server.database.db
      .select({ state: updateHistory.state, rolloutId: updateHistory.rolloutId })
      .from(updateHistory)
      .innerJoin(series, eq(series.id, updateHistory.seriesId))
      .where(and(eq(series.serialNumber, failing[0]!), eq(updateHistory.toVersion, '9.9.0')));
    expect(history).toEqual([{ state: 'failed', rolloutId: rollout.id }]);
    const [updated] = await server.database.db
      .select()
      .from(series)
      .where(eq(series.serialNumber, first[0]!));
    expect(updated!.currentVersion).toBe('9.9.0');
  });

  it('pauses, resumes and cancels, offering nothing while paused, and refuses what a state does not allow', async () => {
    await uploadVersion('9.10.0');
    const started = await server.call(
      'devops-manager',
      'POST',
      '/api/Updates/rollouts',
      request({ version: '9.10.0', wavePercents: [100] }),
    );
    expect(started.statusCode, started.body).toBe(201);
    const { id } = rolloutSchema.parse(started.json());
    const [device] = await waveDevices(id, 1);
    expect((await offersOf(device!))[0]?.version).toBe('9.10.0');
    expect(
      (await server.call('devops-manager', 'POST', `/api/Updates/rollouts/${id}/pause`)).json(),
    ).toMatchObject({
      state: 'paused',
    });
    expect(await offersOf(device!)).toEqual([]);
    expect(
      (await server.call('devops-manager', 'POST', `/api/Updates/rollouts/${id}/pause`)).statusCode,
    ).toBe(409);
    expect(
      (await server.call('devops-manager', 'POST', `/api/Updates/rollouts/${id}/resume`)).json(),
    ).toMatchObject({
      state: 'running',
    });
    expect((await offersOf(device!))[0]?.version).toBe('9.10.0');
    const deleted = await server.call(
      'devops-manager',
      'DELETE',
      `/api/Updates/DeviceTypes/${type}/versions/9.10.0`,
    );
    expect(deleted.statusCode).toBe(409);
    expect(
      (await server.call('devops-manager', 'POST', `/api/Updates/rollouts/${id}/cancel`)).json(),
    ).toMatchObject({
      state: 'cancelled',
      reason: expect.stringContaining('Cancelled by'),
    });
    expect(
      (await server.call('devops-manager', 'POST', `/api/Updates/rollouts/${id}/resume`)).statusCode,
    ).toBe(409);
    expect(await offersOf(device!)).toEqual([]);
    const list = rolloutListAnswerSchema.parse(
      (
        await server.call('support-user', 'GET', `/api/Updates/rollouts?DeviceType=${type}&State=cancelled`)
      ).json(),
    );
    expect(list.data.map((r) => r.id)).toEqual([id]);
  });

  it('moves on when a wave’s window ends without enough answers, and ends after the last wave', async () => {
    await uploadVersion('9.11.0');
    const started = await server.call(
      'devops-manager',
      'POST',
      '/api/Updates/rollouts',
      request({ version: '9.11.0', waveWindowMinutes: 60 }),
    );
    const { id, waves } = rolloutSchema.parse(started.json());
    const db = server.database.db;
    expect(await stepRollout(db, id)).toBe('waiting');
    for (let wave = 1; wave < waves.length; wave++)
      expect(await stepRollout(db, id, new Date(Date.now() + wave * 61 * 60_000))).toBe('next-wave');
    expect(await stepRollout(db, id, new Date(Date.now() + 24 * 3_600_000))).toBe('done');
    const [row] = await db.select().from(rollouts).where(eq(rollouts.id, id));
    expect(row!.state).toBe('done');
    expect(await stepRollout(db, id)).toBe('skipped');
  });

  it('advances a wave once when several nodes step the rollout at the same moment', async () => {
    await uploadVersion('9.12.0');
    const started = await server.call(
      'devops-manager',
      'POST',
      '/api/Updates/rollouts',
      request({ version: '9.12.0', waveWindowMinutes: 60 }),
    );
    const { id } = rolloutSchema.parse(started.json());
    const db = server.database.db;
    const later = new Date(Date.now() + 61 * 60_000);
    // On PostgreSQL these run side by side, as on separate nodes; the embedded database runs them in turn.
    const results = await Promise.all([1, 2, 3, 4].map(() => stepRollout(db, id, later)));
    expect(results.filter((result) => result === 'next-wave')).toHaveLength(1);
    const [row] = await db.select().from(rollouts).where(eq(rollouts.id, id));
    expect(row!.currentWave).toBe(2);
    expect(row!.waveStarts).toHaveLength(2);
    const cancelled = await server.call('devops-manager', 'POST', `/api/Updates/rollouts/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
  });

  it('refuses bad requests, and roles without the feature', async () => {
    const bad = await server.call(
      'devops-manager',
      'POST',
      '/api/Updates/rollouts',
      request({ wavePercents: [60, 30] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('wavePercents');
    const none = await server.call(
      'devops-manager',
      'POST',
      '/api/Updates/rollouts',
      request({ version: '9.11.0', filter: { serialNumbers: ['NOPE'] } }),
    );
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('body.filter');
    expect(
      (await server.call('devops-manager', 'POST', '/api/Updates/rollouts', request({ version: '1.0.0' })))
        .statusCode,
    ).toBe(404);
    expect((await server.call('devops-user', 'POST', '/api/Updates/rollouts', request())).statusCode).toBe(
      403,
    );
    expect(
      (await server.call('customer-engineering-manager', 'GET', '/api/Updates/rollouts')).statusCode,
    ).toBe(403);
    expect(
      (await server.call('support-user', 'GET', '/api/Updates/rollouts?State=sideways')).statusCode,
    ).toBe(400);
  });
});
