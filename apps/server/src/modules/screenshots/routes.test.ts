import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { companies, screenshots, series } from '../../db/schema.ts';
import { DEMO_CUSTOMER } from '../../demo/seed.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { storeScreenshot } from './service.ts';

/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let server: TestServer;
let device: { id: number; serialNumber: string } | undefined;
let foreign: { serialNumber: string } | undefined;
beforeAll(async () => {
  server = await startTestServer();
  const [company] = await server.database.db
    .select()
    .from(companies)
    .where(eq(companies.code, DEMO_CUSTOMER));
  [device] = await server.database.db
    .select()
    .from(series)
    .where(and(eq(series.companyId, company!.id), eq(series.deviceStatus, 'A')))
    .limit(1);
  [foreign] = await server.database.db
    .select()
    .from(series)
    .where(ne(series.companyId, company!.id))
    .limit(1);
});
afterAll(async () => server?.close());

const asUser = async (username: string) => ({ authorization: `Bearer ${await server.tokenFor(username)}` });

describe('screenshots', () => {
  it('are uploaded by the device, listed with expiring links, and deleted by allowed roles', async () => {
    const notPng = await server.asDevice(device!.serialNumber, {
      url: '/api/devices/screenshots',
      headers: { 'content-type': 'image/png' },
      payload: Buffer.from('not an image'),
    });
    expect(notPng.statusCode).toBe(400);
    const uploaded = await server.asDevice(device!.serialNumber, {
      url: '/api/devices/screenshots',
      headers: { 'content-type': 'image/png', 'x-tool-version': '5.12.3' },
      payload: PNG,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const name = uploaded.json().name as string;
    expect(name).toMatch(
      new RegExp(`^${device!.serialNumber}_\\d{4}-\\d{2}-\\d{2}_\\d{2}-\\d{2}-\\d{2}\\.png$`),
    );

    const list = await server.app.inject({
      url: `/api/Screenshots/${device!.serialNumber}`,
      headers: await asUser('customer-engineering-user'),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().totalCount).toBe(1);
    const [shot] = list.json().data;
    expect(shot).toMatchObject({ name, toolVersion: '5.12.3' });
    expect(shot.date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}$/);

    const image = await server.app.inject({ url: shot.mediaLink });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const forged = await server.app.inject({
      url: shot.mediaLink.replace(/signature=[^&]+/, 'signature=forged'),
    });
    expect(forged.statusCode).toBe(404);
    const expired = await server.app.inject({ url: shot.mediaLink.replace(/expires=\d+/, 'expires=1000') });
    expect(expired.statusCode).toBe(404);

    expect(
      (
        await server.app.inject({
          method: 'DELETE',
          url: `/api/Screenshots?ScreenshotName=${name}`,
          headers: await asUser('customer-engineering-user'),
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await server.app.inject({
          method: 'DELETE',
          url: `/api/Screenshots?ScreenshotName=${name}`,
          headers: await asUser('support-user'),
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await server.app.inject({
          url: `/api/Screenshots/${device!.serialNumber}`,
          headers: await asUser('support-user'),
        })
      ).json().totalCount,
    ).toBe(0);
    expect((await server.app.inject({ url: shot.mediaLink })).statusCode).toBe(404);
  });

  it('keeps two screenshots taken in the same second, under two names', async () => {
    const takenAt = new Date('2026-03-04T05:06:07.100Z');
    const first = await storeScreenshot(server.database.db, server.app.media, device!, PNG, '1.0', takenAt);
    const second = await storeScreenshot(
      server.database.db,
      server.app.media,
      device!,
      Buffer.concat([PNG, Buffer.from([0])]),
      '1.0',
      new Date(takenAt.getTime() + 500),
    );
    expect(first).toBe(`${device!.serialNumber}_2026-03-04_05-06-07.png`);
    expect(second).toBe(`${device!.serialNumber}_2026-03-04_05-06-07_2.png`);
    const rows = await server.database.db
      .select({ name: screenshots.name, bytes: screenshots.bytes })
      .from(screenshots)
      .where(inArray(screenshots.name, [first, second]));
    expect(rows.map((row) => row.bytes).sort()).toEqual([PNG.length, PNG.length + 1]);
  });

  it('shows a customer nothing of foreign devices', async () => {
    await server.asDevice(foreign!.serialNumber, {
      url: '/api/devices/screenshots',
      headers: { 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(
      (
        await server.app.inject({
          url: `/api/Screenshots/${foreign!.serialNumber}`,
          headers: await asUser('customer-engineering-user'),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('device protocol reports', () => {
  it('records connections, locations, configuration, components and updates', async () => {
    const send = (method: 'POST' | 'PUT', url: string, payload: object) =>
      server.asDevice(device!.serialNumber, { method, url, payload });
    expect((await send('POST', '/api/devices/connections', { username: 'sim.user' })).statusCode).toBe(204);
    expect(
      (await send('POST', '/api/devices/locations', { latitude: 45.76, longitude: 4.84, accuracyMeters: 12 }))
        .statusCode,
    ).toBe(204);
    expect((await send('POST', '/api/devices/locations', { latitude: 95, longitude: 4.84 })).statusCode).toBe(
      400,
    );
    expect((await send('PUT', '/api/devices/configuration', { units: { pressure: 'bar' } })).statusCode).toBe(
      204,
    );
    expect(
      (await send('PUT', '/api/devices/components', [{ name: 'Main board', partNumber: 'MB123' }]))
        .statusCode,
    ).toBe(204);
    expect(
      (
        await send('POST', '/api/devices/updates', {
          kind: 'software',
          version: '5.12.9',
          state: 'succeeded',
        })
      ).statusCode,
    ).toBe(204);

    const user = await asUser('support-user');
    const get = async (url: string) => (await server.app.inject({ url, headers: user })).json();
    expect((await get(`/api/ConnectionHistory?SerialNumbers=${device!.serialNumber}`)).data[0].username).toBe(
      'sim.user',
    );
    expect((await get(`/api/Series/${device!.serialNumber}/locations`))[0]).toMatchObject({
      latitude: 45.76,
      longitude: 4.84,
      accuracyMeters: 12,
    });
    expect((await get(`/api/Series/${device!.serialNumber}/configuration`)).content).toEqual({
      units: { pressure: 'bar' },
    });
    expect(
      (await get(`/api/Series/${device!.serialNumber}/components`)).map((c: { name: string }) => c.name),
    ).toEqual(['Main board']);
    expect((await get(`/api/Series/${device!.serialNumber}`)).currentVersion).toBe('5.12.9');
  });
});
