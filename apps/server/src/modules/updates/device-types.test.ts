import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceTypeListAnswerSchema } from '@fleet/contract';
import { series } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('device types', () => {
  it('lists the fleet’s types with their device counts, and the type length limit', async () => {
    const answer = await server.call('devops-user', 'GET', '/api/Updates/DeviceTypes');
    expect(answer.statusCode, answer.body).toBe(200);
    const list = deviceTypeListAnswerSchema.parse(answer.json());
    const devices = await server.database.db.select({ type: series.deviceType }).from(series);
    expect(list.totalCount).toBe(new Set(devices.map((row) => row.type)).size);
    expect(list.deviceTypes.reduce((sum, type) => sum + type.devices, 0)).toBe(devices.length);
    expect(list.typeMaxLength).toBe(32);
  });

  it('declares a type ahead of its devices, refuses it twice or for a type devices have, and deletes it', async () => {
    const declared = await server.call('devops-manager', 'POST', '/api/Updates/DeviceTypes/brake-tester');
    expect(declared.statusCode, declared.body).toBe(201);
    expect(declared.json()).toEqual({ type: 'BRAKE-TESTER', devices: 0, declared: true });
    expect(
      (await server.call('devops-manager', 'POST', '/api/Updates/DeviceTypes/BRAKE-TESTER')).statusCode,
    ).toBe(409);
    const [device] = await server.database.db.select({ type: series.deviceType }).from(series).limit(1);
    expect(
      (await server.call('devops-manager', 'POST', `/api/Updates/DeviceTypes/${device!.type}`)).statusCode,
    ).toBe(409);
    expect(
      (await server.call('devops-manager', 'DELETE', `/api/Updates/DeviceTypes/${device!.type}`)).statusCode,
    ).toBe(409);
    expect(
      (await server.call('support-user', 'GET', '/api/Updates/DeviceTypes/BRAKE-TESTER')).json(),
    ).toMatchObject({
      devices: 0,
    });
    expect(
      (await server.call('devops-manager', 'DELETE', '/api/Updates/DeviceTypes/BRAKE-TESTER')).statusCode,
    ).toBe(204);
    expect(
      (await server.call('devops-manager', 'GET', '/api/Updates/DeviceTypes/BRAKE-TESTER')).statusCode,
    ).toBe(404);
  });

  it('refuses a malformed type and the roles without the feature', async () => {
    const bad = await server.call('devops-manager', 'POST', '/api/Updates/DeviceTypes/has%20space');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('path.type');
    expect((await server.call('devops-user', 'POST', '/api/Updates/DeviceTypes/NEW-TOOL')).statusCode).toBe(
      403,
    );
    expect(
      (await server.call('customer-engineering-manager', 'GET', '/api/Updates/DeviceTypes')).statusCode,
    ).toBe(403);
  });
});
