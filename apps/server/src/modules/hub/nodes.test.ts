import { afterAll, beforeAll, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { HUB_EVENTS } from '@fleet/contract';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { call, connectConsole, connectDesktop, recorder } from '../../../test/hub-clients.ts';
import { startRedis } from '../../../test/redis.ts';
import { series } from '../../db/schema.ts';

let redis: Awaited<ReturnType<typeof startRedis>>;
let nodeA: TestServer;
let nodeB: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  redis = await startRedis();
  nodeA = await startTestServer({ REDIS_URL: redis.url });
  // Nodes behind one address: one public URL, the issuer of the tokens both check.
  nodeB = await startTestServer({ REDIS_URL: redis.url, PUBLIC_URL: nodeA.baseUrl }, nodeA);
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await nodeB?.close();
  await nodeA?.close();
  await redis?.stop();
});

it('carries a device on node B to a console on node A, and an action and its answer across', async () => {
  const customer = await nodeA.demoCustomerCompanyId();
  const [device] = await nodeA.database.db
    .select({ serialNumber: series.serialNumber })
    .from(series)
    .where(and(eq(series.companyId, customer), eq(series.deviceStatus, 'A')))
    .limit(1);
  const serialNumber = device!.serialNumber;

  const console = await connectConsole(nodeA, 'support-manager');
  sockets.push(console);
  const events = recorder(console, HUB_EVENTS);
  expect(await call(console, 'joinGroupAdmin')).toMatchObject({ ok: true });

  // The device's key is issued once (through node A); the tool connects to node B.
  await nodeA.deviceKey(serialNumber);
  const tool = await connectDesktop(
    { ...nodeB, deviceKey: nodeA.deviceKey, tokenFor: nodeA.tokenFor },
    'customer-engineering-user',
    serialNumber,
    (command, socket) => {
      if (command.kind !== 'modbus') return { ok: false, status: 400, message: 'unexpected' };
      socket.emit('taskStarted', {
        id: command.taskId,
        kind: 'modbus',
        startedAt: new Date().toISOString(),
        percent: null,
        message: command.rawCommand,
      });
      return { ok: true, result: '01 03 04 00 2A 00 00' };
    },
  );
  sockets.push(tool.socket);

  await events.waitFor('connected', (p) => p.serialNumber === serialNumber);
  const listed = (await call(console, 'getConnectedDevices')) as { result: { serialNumber: string }[] };
  expect(listed.result.map((d) => d.serialNumber)).toContain(serialNumber);

  const answer = await call(console, 'sendRawModbusCommand', {
    serialNumber,
    rawCommand: '01 03 00 10 00 02',
    timeoutMs: 5000,
  });
  expect(answer).toEqual({ ok: true, result: { answer: '01 03 04 00 2A 00 00' } });
  expect(tool.commands).toMatchObject([{ kind: 'modbus', rawCommand: '01 03 00 10 00 02' }]);
  await events.waitFor('taskStarted', (p) => p.serialNumber === serialNumber);

  // Ejected from node A: the tool on node B is disconnected.
  const users = (await call(console, 'getConnectedDevices')) as {
    result: { serialNumber: string; userId: string }[];
  };
  const userId = users.result.find((d) => d.serialNumber === serialNumber)!.userId;
  const closed = new Promise((resolve) => tool.socket.once('disconnect', resolve));
  expect(await call(console, 'ejectDevice', { userId, serialNumber })).toMatchObject({ ok: true });
  await events.waitFor('disconnected', (p) => p.serialNumber === serialNumber);
  // The tool hears of it on its own connection, which may come a moment after the console.
  expect(await closed).toBe('io server disconnect');
});

it("makes a change of a user's rights on node A count on node B's next call", async () => {
  const token = await nodeA.tokenFor('series-user');
  const me = () =>
    nodeB.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } }).then((r) => r.json());
  const before = await me();
  expect(before.roles).toEqual(['series-user']);
  const user = (await nodeA.call('administrator', 'GET', `/api/Rights/Users/${before.sub}`)).json();
  const changed = await nodeA.call('administrator', 'PUT', `/api/Rights/Users/${before.sub}`, {
    roles: ['dashboard-viewer'],
    companyId: user.companyId,
    groupIds: user.groupIds,
  });
  expect(changed.statusCode, changed.body).toBe(200);
  // Node B had the user's token checked within its 30 s cache: the message between nodes clears it.
  const started = Date.now();
  let roles = before.roles;
  while (Date.now() - started < 5000 && roles[0] !== 'dashboard-viewer') {
    await new Promise((resolve) => setTimeout(resolve, 50));
    roles = (await me()).roles;
  }
  expect(roles).toEqual(['dashboard-viewer']);
  expect(Date.now() - started).toBeLessThan(5000);
});
