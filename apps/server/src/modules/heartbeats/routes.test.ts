import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { companies, heartbeats, series } from '../../db/schema.ts';
import { DEMO_CUSTOMER } from '../../demo/seed.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

let server: TestServer;
let own: string[];
let foreign: string[];

beforeAll(async () => {
  server = await startTestServer();
  const [company] = await server.database.db
    .select()
    .from(companies)
    .where(eq(companies.code, DEMO_CUSTOMER));
  own = (
    await server.database.db
      .select({ sn: series.serialNumber })
      .from(series)
      .where(eq(series.companyId, company!.id))
  ).map((r) => r.sn);
  foreign = (
    await server.database.db
      .select({ sn: series.serialNumber })
      .from(series)
      .where(ne(series.companyId, company!.id))
      .limit(20)
  ).map((r) => r.sn);
});
afterAll(async () => server?.close());

const auth = async (username: string) => ({ authorization: `Bearer ${await server.tokenFor(username)}` });

describe('heartbeats', () => {
  it('tells never connected devices by year 0001', async () => {
    const [never] = await server.database.db
      .select({ serialNumber: series.serialNumber })
      .from(heartbeats)
      .innerJoin(series, eq(series.id, heartbeats.seriesId))
      .where(isNull(heartbeats.lastHeartbeat))
      .limit(1);
    const response = await server.app.inject({
      url: `/api/HeartBeat/${never!.serialNumber}`,
      headers: await auth('administrator'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      isAlive: false,
      heartBeat: { serialNumber: never!.serialNumber, lastHeartBeat: '0001-01-01T00:00:00.000Z' },
    });
  });

  it('makes a device alive when it beats with its own key, and refuses a wrong key', async () => {
    const serialNumber = foreign[0]!;
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/api/devices/heartbeat',
      headers: { authorization: `Device ${serialNumber}:not-the-right-key-at-all` },
    });
    expect(wrong.statusCode).toBe(401);
    const forged = await server.app.inject({
      method: 'POST',
      url: '/api/devices/heartbeat',
      headers: {
        authorization: (
          await server.deviceAuthorization(serialNumber, 'POST', '/api/devices/heartbeat')
        ).replace(/sig=[^,]+$/, `sig=${'A'.repeat(86)}`),
      },
    });
    expect(forged.statusCode).toBe(401);
    const userToken = await server.app.inject({
      method: 'POST',
      url: '/api/devices/heartbeat',
      headers: await auth('administrator'),
    });
    expect(userToken.statusCode).toBe(401);
    const beat = await server.asDevice(serialNumber, { url: '/api/devices/heartbeat' });
    expect(beat.statusCode).toBe(200);
    const status = await server.app.inject({
      url: `/api/HeartBeat/${serialNumber}`,
      headers: await auth('support-user'),
    });
    expect(status.json().isAlive).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const [stored] = await server.database.db
      .select({ lastHeartbeat: heartbeats.lastHeartbeat })
      .from(heartbeats)
      .innerJoin(series, eq(series.id, heartbeats.seriesId))
      .where(eq(series.serialNumber, serialNumber));
    expect(Date.now() - stored!.lastHeartbeat!.getTime()).toBeLessThan(5000);
  });

  it('answers the bulk status by serial number, up to 100', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/HeartBeat/status',
      headers: await auth('administrator'),
      payload: [...own.slice(0, 3), ...foreign.slice(0, 3)],
    });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json()).sort()).toEqual([...own.slice(0, 3), ...foreign.slice(0, 3)].sort());
    const tooMany = await server.app.inject({
      method: 'POST',
      url: '/api/HeartBeat/status',
      headers: await auth('administrator'),
      payload: Array.from({ length: 101 }, (_, i) => `SN${i}`),
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it('reveals nothing about foreign devices to a customer', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/HeartBeat/status',
      headers: await auth('customer-engineering-user'),
      payload: [...own.slice(0, 2), ...foreign.slice(0, 5), 'NO-SUCH-DEVICE1'],
    });
    expect(Object.keys(response.json()).sort()).toEqual(own.slice(0, 2).sort());
    const single = await server.app.inject({
      url: `/api/HeartBeat/${foreign[1]}`,
      headers: await auth('series-user'),
    });
    const unknown = await server.app.inject({
      url: '/api/HeartBeat/NOSUCHDEVICE000',
      headers: await auth('series-user'),
    });
    expect(single.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(single.json().message.replace(foreign[1]!, 'X')).toBe(
      unknown.json().message.replace('NOSUCHDEVICE000', 'X'),
    );
    const rows = await server.database.db
      .select()
      .from(series)
      .where(and(inArray(series.serialNumber, foreign.slice(0, 1))));
    expect(rows).toHaveLength(1);
  });
});
