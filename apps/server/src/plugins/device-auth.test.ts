import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { DEVICE_CLOCK_WINDOW_MS } from '@fleet/contract';
import { accessories, series } from '../db/schema.ts';
import { signDeviceRequest } from '@fleet/device-kit/device-keys';
import { startTestServer, type TestServer } from '../../test/helpers.ts';

let server: TestServer;
let active: string[];

beforeAll(async () => {
  server = await startTestServer();
  active = (
    await server.database.db
      .select({ sn: series.serialNumber })
      .from(series)
      .where(and(eq(series.deviceStatus, 'A'), isNotNull(series.companyId)))
      .limit(8)
  ).map((row) => row.sn);
});
afterAll(async () => server?.close());

const HEARTBEAT = '/api/devices/heartbeat';
const beat = (authorization: string) =>
  server.app.inject({ method: 'POST', url: HEARTBEAT, headers: { authorization } });

async function issueKey(serialNumber: string, username = 'factory-manager') {
  return server.call(username, 'POST', `/api/Series/${serialNumber}/device-key`);
}

describe('device protocol authentication', () => {
  it('refuses a request sent again (replay), one too old, and one with another body', async () => {
    const serialNumber = active[0]!;
    const signed = await server.deviceAuthorization(serialNumber, 'POST', HEARTBEAT);
    expect((await beat(signed)).statusCode).toBe(200);
    const replayed = await beat(signed);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().message).toMatch(/replayed/);

    const key = (await issueKey(serialNumber)).json().deviceKey as string;
    const old = signDeviceRequest(
      serialNumber,
      key,
      { method: 'POST', url: HEARTBEAT },
      Date.now() - DEVICE_CLOCK_WINDOW_MS - 5000,
    );
    const stale = await beat(old);
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toMatch(/clock/);

    const url = '/api/devices/connections';
    const authorization = signDeviceRequest(serialNumber, key, {
      method: 'POST',
      url,
      body: '{"username":"ann"}',
    });
    const altered = await server.app.inject({
      method: 'POST',
      url,
      headers: { authorization, 'content-type': 'application/json' },
      payload: '{"username":"mallory"}',
    });
    expect(altered.statusCode).toBe(401);
    const otherPath = await server.app.inject({
      method: 'POST',
      url: '/api/devices/locations',
      headers: { authorization, 'content-type': 'application/json' },
      payload: '{"username":"ann"}',
    });
    expect(otherPath.statusCode).toBe(401);
  });

  it('issues keys to factory roles only, shown once; a new key retires the old one at once', async () => {
    const serialNumber = active[1]!;
    expect((await issueKey(serialNumber, 'customer-engineering-manager')).statusCode).toBe(403);
    expect((await issueKey(serialNumber, 'support-user')).statusCode).toBe(403);
    const first = await issueKey(serialNumber);
    expect(first.statusCode).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    const firstKey = first.json().deviceKey as string;
    expect(firstKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await server.database.db
      .select({ key: series.devicePublicKey })
      .from(series)
      .where(eq(series.serialNumber, serialNumber));
    expect(row!.key).not.toBe(firstKey);
    expect(
      (await beat(signDeviceRequest(serialNumber, firstKey, { method: 'POST', url: HEARTBEAT }))).statusCode,
    ).toBe(200);
    const secondKey = (await issueKey(serialNumber, 'administrator')).json().deviceKey as string;
    expect(
      (await beat(signDeviceRequest(serialNumber, firstKey, { method: 'POST', url: HEARTBEAT }))).statusCode,
    ).toBe(401);
    expect(
      (await beat(signDeviceRequest(serialNumber, secondKey, { method: 'POST', url: HEARTBEAT }))).statusCode,
    ).toBe(200);
  });

  it('shuts out a blacklisted, discarded or deleted device at once', async () => {
    const [blacklisted, discarded] = [active[2]!, active[3]!];
    for (const serialNumber of [blacklisted, discarded])
      expect((await server.asDevice(serialNumber, { url: HEARTBEAT })).statusCode).toBe(200);
    expect(
      (await server.call('support-manager', 'POST', `/api/Series/blacklist/${blacklisted}`)).statusCode,
    ).toBe(200);
    expect((await server.asDevice(blacklisted, { url: HEARTBEAT })).statusCode).toBe(401);
    expect(
      (await server.call('support-manager', 'POST', '/api/Series/Discard', { serialNumber: discarded }))
        .statusCode,
    ).toBe(200);
    expect((await server.asDevice(discarded, { url: HEARTBEAT })).statusCode).toBe(401);
    // Deleted: its beats still buffered are dropped, its key refused.
    const [device] = await server.database.db.select().from(series).where(eq(series.serialNumber, discarded));
    await server.database.db
      .update(accessories)
      .set({ seriesId: null })
      .where(eq(accessories.seriesId, device!.id));
    expect((await server.call('administrator', 'DELETE', `/api/Series/${discarded}`)).statusCode).toBe(204);
    expect((await server.asDevice(discarded, { url: HEARTBEAT })).statusCode).toBe(401);
  });
});
