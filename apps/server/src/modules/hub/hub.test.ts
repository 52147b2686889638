import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import {
  HUB_EVENTS,
  hubMethodArguments,
  type HubAnswer,
  type HubMethod,
  type UpdateOffer,
} from '@fleet/contract';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { call, connectConsole, connectDesktop, recorder } from '../../../test/hub-clients.ts';
import { firmwareZip, uploadVersionAs } from '../../../test/uploads.ts';
import { auditLog, series } from '../../db/schema.ts';

let server: TestServer;
/** Devices of the demo customer's company, and one of another company. */
let own: string[];
let foreign: string;
const sockets: Socket[] = [];
const keep = <T extends { socket: Socket } | Socket>(value: T): T => {
  sockets.push('socket' in value ? value.socket : value);
  return value;
};

beforeAll(async () => {
  server = await startTestServer();
  const customer = await server.demoCustomerCompanyId();
  const rows = await server.database.db
    .select({ serialNumber: series.serialNumber, deviceType: series.deviceType })
    .from(series)
    .where(and(eq(series.companyId, customer), eq(series.deviceStatus, 'A')))
    .limit(11);
  own = rows.map((row) => row.serialNumber);
  const [other] = await server.database.db
    .select({ serialNumber: series.serialNumber })
    .from(series)
    .where(and(ne(series.companyId, customer), isNotNull(series.companyId), eq(series.deviceStatus, 'A')))
    .limit(1);
  foreign = other!.serialNumber;
});

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server.close();
});

describe('who connects', () => {
  it('refuses a console without a valid token, and a desktop tool without a valid device signature', async () => {
    const refused = await connectDesktop(server, 'administrator', own[0]!, undefined, { device: 'x' }).catch(
      (error: { status: number }) => error.status,
    );
    expect(refused).toBe(401);
    const forged = await connectDesktop(server, 'administrator', own[0]!, undefined, {
      signedToken: await server.tokenFor('support-manager'),
    }).catch((error: { status: number }) => error.status);
    // Signed over another token than the one presented.
    expect(forged).toBe(401);
  });

  it('lets a customer technician connect their own company’s devices only', async () => {
    keep(await connectDesktop(server, 'customer-engineering-user', own[0]!));
    const refused = await connectDesktop(server, 'customer-engineering-user', foreign).catch(
      (error: { status: number }) => error.status,
    );
    expect(refused).toBe(403);
  });
  it('keeps one tool per device: a second connection replaces the first, which is told', async () => {
    const first = keep(await connectDesktop(server, 'administrator', own[0]!));
    const told = new Promise((resolve) => first.socket.once('eject', resolve));
    const closed = new Promise((resolve) => first.socket.once('disconnect', resolve));
    const second = keep(await connectDesktop(server, 'support-manager', own[0]!));
    await told;
    expect(await closed).toBe('io server disconnect');
    expect(second.socket.connected).toBe(true);
    second.socket.close();
  });
});

describe('rights per method', () => {
  const methods = Object.keys(hubMethodArguments).filter((m) => m !== 'renewToken') as HubMethod[];

  it.each(['customer-engineering-manager', 'series-user', 'factory-user'])(
    'answers 403 to %s for every method (the feature is missing), never silence',
    async (username) => {
      const socket = keep(await connectConsole(server, username));
      for (const method of methods) {
        const answer = await call(socket, method, { serialNumber: own[0], userId: 'x', timeoutMs: 1000 });
        expect(answer, method).toMatchObject({ ok: false, status: 403 });
      }
    },
  );

  it('answers 400 naming the argument, 404 for a device not connected', async () => {
    const socket = keep(await connectConsole(server, 'administrator'));
    const bad = await call(socket, 'sendRawModbusCommand', {
      serialNumber: own[0],
      rawCommand: 'zz',
      timeoutMs: 5,
    });
    expect(bad).toMatchObject({ ok: false, status: 400 });
    expect((bad as { message: string }).message).toMatch(/rawCommand.*timeoutMs|timeoutMs.*rawCommand/s);
    expect(await call(socket, 'updateDevice', { serialNumber: 'NOTCONNECTED1' })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await call(socket, 'getConnectedDevices')).toMatchObject({ ok: false, status: 400 });
  });

  it('answers every event sent with an acknowledgement: 404 for an unknown name, 400 for no arguments', async () => {
    const socket = keep(await connectConsole(server, 'administrator'));
    expect(await socket.timeout(2_000).emitWithAck('getConectedDevices', { groupName: 'x' })).toMatchObject({
      ok: false,
      status: 404,
      message: expect.stringContaining('getConectedDevices'),
    });
    // No payload at all: the acknowledgement comes first, and is answered.
    expect(await socket.timeout(2_000).emitWithAck('getConnectedDevices')).toMatchObject({
      ok: false,
      status: 400,
    });
  });

  it('answers a desktop tool that asks: its task reports accepted, refused or not running, unknown events 404', async () => {
    const { socket } = keep(await connectDesktop(server, 'administrator', own[1]!));
    const ask = (event: string, payload?: unknown) =>
      (payload === undefined
        ? socket.timeout(2_000).emitWithAck(event)
        : socket.timeout(2_000).emitWithAck(event, payload)) as Promise<HubAnswer<unknown>>;
    const task = {
      id: 'task-ack-1',
      kind: 'calibrate',
      startedAt: new Date().toISOString(),
      percent: 0,
      message: null,
    };
    expect(await ask('taskStarted', task)).toEqual({ ok: true, result: {} });
    expect(await ask('taskProgress', { ...task, id: 'another' })).toMatchObject({ ok: false, status: 409 });
    expect(await ask('taskProgress', { ...task, percent: 'half' })).toMatchObject({ ok: false, status: 400 });
    expect(await ask('taskCompleted')).toMatchObject({ ok: false, status: 400 });
    expect(await ask('taskCompleted', { taskId: 'task-ack-1', succeeded: true, message: null })).toEqual({
      ok: true,
      result: {},
    });
    expect(await ask('taskFinished', { taskId: 'task-ack-1' })).toMatchObject({ ok: false, status: 404 });
  });
});

describe('groups and events', () => {
  it('tells the admin group every connected device, a technician’s own group only their own, a customer nothing', async () => {
    const admin = keep(await connectConsole(server, 'administrator'));
    const support = keep(await connectConsole(server, 'support-manager'));
    const customer = keep(await connectConsole(server, 'customer-engineering-manager'));
    const adminEvents = recorder(admin, HUB_EVENTS);
    const supportEvents = recorder(support, HUB_EVENTS);
    const customerEvents = recorder(customer, HUB_EVENTS);
    expect(await call(admin, 'joinGroupAdmin')).toMatchObject({ ok: true });
    expect(await call(support, 'joinGroup')).toMatchObject({ ok: true });
    expect(await call(customer, 'joinGroup')).toMatchObject({ ok: false, status: 403 });

    const tool = keep(
      await connectDesktop(server, 'devops-manager', own[1]!, undefined, { connectionMode: 'bluetooth' }),
    );
    const connected = await adminEvents.waitFor('connected', (p) => p.serialNumber === own[1]);
    expect(connected).toMatchObject({
      serialNumber: own[1],
      connectionMode: 'bluetooth',
      serie: null,
      task: null,
    });
    const listed = await call(admin, 'getConnectedDevices');
    expect((listed as { result: { serialNumber: string }[] }).result.map((d) => d.serialNumber)).toContain(
      own[1],
    );
    const supportOwn = await call(support, 'getConnectedDevices');
    expect((supportOwn as { result: unknown[] }).result).toEqual([]);

    tool.socket.close();
    await adminEvents.waitFor('disconnected', (p) => p.serialNumber === own[1]);
    expect(supportEvents.events.filter((e) => e.name !== 'join')).toEqual([]);
    expect(customerEvents.events).toEqual([]);
  });

  it('lets a technician see and act on their own devices, not on another technician’s', async () => {
    const support = keep(await connectConsole(server, 'support-manager'));
    const events = recorder(support, HUB_EVENTS);
    await call(support, 'joinGroup');
    keep(await connectDesktop(server, 'support-manager', own[2]!));
    await events.waitFor('connected', (p) => p.serialNumber === own[2]);
    const listed = (await call(support, 'getConnectedDevices')) as { result: { serialNumber: string }[] };
    expect(listed.result.map((d) => d.serialNumber)).toEqual([own[2]]);
  });
});

describe('actions', () => {
  let admin: Socket;
  let adminEvents: ReturnType<typeof recorder>;
  beforeAll(async () => {
    admin = keep(await connectConsole(server, 'administrator'));
    adminEvents = recorder(admin, HUB_EVENTS);
    await call(admin, 'joinGroupAdmin');
  });

  it('runs an update to a specific version: the tool gets the offer, its progress and end reach the console', async () => {
    const [device] = await server.database.db
      .select({ deviceType: series.deviceType })
      .from(series)
      .where(eq(series.serialNumber, own[3]!));
    const uploaded = await uploadVersionAs(
      server,
      'administrator',
      device!.deviceType,
      { number: '99.1.0', kind: 'software', notes: 'Hub test' },
      { name: 'fw.zip', bytes: await firmwareZip('99.1.0') },
    );
    expect(uploaded.statusCode).toBe(201);
    const tool = keep(
      await connectDesktop(server, 'administrator', own[3]!, (command, socket) => {
        if (command.kind !== 'update') return { ok: false, status: 400, message: 'unexpected' };
        const task = {
          id: command.taskId,
          kind: 'update',
          startedAt: new Date().toISOString(),
          message: null,
        };
        setTimeout(() => {
          socket.emit('taskStarted', { ...task, percent: 0 });
          socket.emit('taskProgress', { ...task, percent: 50 });
          socket.emit('taskCompleted', { taskId: command.taskId, succeeded: true, message: null });
        }, 50);
        return { ok: true, result: {} };
      }),
    );
    const connected = await adminEvents.waitFor('connected', (p) => p.serialNumber === own[3]);
    expect((connected.updates as UpdateOffer[]).map((offer) => offer.version)).toContain('99.1.0');
    const started = await call(admin, 'updateDeviceToSpecificVersion', {
      serialNumber: own[3]!,
      version: '99.1.0',
    });
    expect(started).toMatchObject({ ok: true, result: { version: '99.1.0' } });
    expect(tool.commands[0]).toMatchObject({ kind: 'update', offer: { version: '99.1.0' } });
    const progress = await adminEvents.waitFor('taskProgress', (p) => p.serialNumber === own[3]);
    expect(progress).toMatchObject({ task: { kind: 'update', percent: 50 } });
    await adminEvents.waitFor('taskCompleted', (p) => p.serialNumber === own[3] && p.succeeded === true);
    expect(
      await call(admin, 'updateDeviceToSpecificVersion', { serialNumber: own[3]!, version: '0.0.1' }),
    ).toMatchObject({ ok: false, status: 404 });
  });

  it('refuses a second task while one runs (409) and answers 504 when the device stays silent', async () => {
    keep(
      await connectDesktop(server, 'administrator', own[4]!, (command, socket) => {
        if (command.kind === 'modbus') return null;
        socket.emit('taskStarted', {
          id: command.taskId,
          kind: command.kind,
          startedAt: new Date().toISOString(),
          percent: 0,
          message: null,
        });
        return { ok: true, result: {} };
      }),
    );
    await adminEvents.waitFor('connected', (p) => p.serialNumber === own[4]);
    const silent = await call(admin, 'sendRawModbusCommand', {
      serialNumber: own[4]!,
      rawCommand: '01 03 00 10 00 02',
      timeoutMs: 300,
    });
    expect(silent).toMatchObject({ ok: false, status: 504 });
    expect(await call(admin, 'calibrate', { serialNumber: own[4]! })).toMatchObject({ ok: true });
    await adminEvents.waitFor('taskStarted', (p) => p.serialNumber === own[4]);
    expect(await call(admin, 'restartInBootMode', { serialNumber: own[4]!, timeoutMs: 1000 })).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it('renumbers a device through the serial-number rules and records it', async () => {
    keep(await connectDesktop(server, 'administrator', own[5]!));
    await adminEvents.waitFor('connected', (p) => p.serialNumber === own[5]);
    expect(
      await call(admin, 'changeSerialNumber', { serialNumber: own[5]!, newSerialNumber: own[6]! }),
    ).toMatchObject({ ok: false, status: 409 });
    expect(
      await call(admin, 'changeSerialNumber', { serialNumber: own[5]!, newSerialNumber: 'a-b' }),
    ).toMatchObject({ ok: false, status: 400 });
    const renumbered = `${own[5]!.slice(0, 10)}99999`;
    expect(
      await call(admin, 'changeSerialNumber', {
        serialNumber: own[5]!,
        newSerialNumber: renumbered.toLowerCase(),
      }),
    ).toMatchObject({ ok: true, result: { serialNumber: renumbered } });
    const [row] = await server.database.db
      .select({ id: series.id })
      .from(series)
      .where(eq(series.serialNumber, renumbered));
    expect(row).toBeDefined();
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'series.renumber'), eq(auditLog.subjectId, String(row!.id))));
    expect(entry?.details).toMatchObject({ from: own[5], to: renumbered });
  });

  it('ejects a device: its tool is told and disconnected, the consoles see it leave', async () => {
    const tool = keep(await connectDesktop(server, 'support-manager', own[7]!));
    await adminEvents.waitFor('connected', (p) => p.serialNumber === own[7]);
    const told = new Promise((resolve) => tool.socket.once('eject', resolve));
    const administrator = await server.call('administrator', 'GET', '/api/me');
    const supportUser = (await call(admin, 'getConnectedDevices')) as {
      result: { serialNumber: string; userId: string }[];
    };
    const entry = supportUser.result.find((device) => device.serialNumber === own[7])!;
    expect(entry.userId).not.toBe((administrator.json() as { id: string }).id);
    expect(await call(admin, 'ejectDevice', { userId: 'someone-else', serialNumber: own[7]! })).toMatchObject(
      { ok: false, status: 404 },
    );
    expect(await call(admin, 'ejectDevice', { userId: entry.userId, serialNumber: own[7]! })).toMatchObject({
      ok: true,
    });
    await told;
    await adminEvents.waitFor('disconnected', (p) => p.serialNumber === own[7]);
  });

  it('keeps a renewed token only when it is the same user’s', async () => {
    expect(
      await call(admin, 'renewToken', { token: await server.tokenFor('support-manager') }),
    ).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await call(admin, 'renewToken', { token: 'nonsense' })).toMatchObject({ ok: false, status: 400 });
  });
});

describe('the live staff of spec §6', () => {
  /** A number of the device's own part number that no device has. */
  const renumbered = (serialNumber: string, last: string) => `${serialNumber.slice(0, 10)}${last}`;

  it.each([
    ['support-manager', 8, '99998'],
    ['devops-manager', 9, '99997'],
  ] as const)('lets the %s renumber a device (CONNECTED_DEVICES)', async (username, index, last) => {
    const socket = keep(await connectConsole(server, username));
    const events = recorder(socket, HUB_EVENTS);
    await call(socket, 'joinGroup');
    keep(await connectDesktop(server, username, own[index]!));
    await events.waitFor('connected', (p) => p.serialNumber === own[index]);
    const newSerialNumber = renumbered(own[index]!, last);
    expect(await call(socket, 'changeSerialNumber', { serialNumber: own[index]!, newSerialNumber })).toEqual({
      ok: true,
      result: { serialNumber: newSerialNumber },
    });
  });

  it('refuses a renumber to a role without CONNECTED_DEVICES, even with the serial-number ranges', async () => {
    const socket = keep(await connectConsole(server, 'factory-manager'));
    const answer = await call(socket, 'changeSerialNumber', {
      serialNumber: own[0]!,
      newSerialNumber: renumbered(own[0]!, '99996'),
    });
    expect(answer).toMatchObject({ ok: false, status: 403 });
  });

  it('updates to a specific version for the devops manager, not the support manager (VERSIONS.EAPONSPECIFIED)', async () => {
    const [device] = await server.database.db
      .select({ deviceType: series.deviceType })
      .from(series)
      .where(eq(series.serialNumber, own[10]!));
    const uploaded = await uploadVersionAs(
      server,
      'devops-manager',
      device!.deviceType,
      { number: '99.2.0', kind: 'software', notes: 'Live staff' },
      { name: 'fw.zip', bytes: await firmwareZip('99.2.0') },
    );
    expect(uploaded.statusCode).toBe(201);
    const support = keep(await connectConsole(server, 'support-manager'));
    const devops = keep(await connectConsole(server, 'devops-manager'));
    const tool = keep(await connectDesktop(server, 'support-manager', own[10]!));
    const wanted = { serialNumber: own[10]!, version: '99.2.0' };
    expect(await call(support, 'updateDeviceToSpecificVersion', wanted)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await call(devops, 'updateDeviceToSpecificVersion', wanted)).toMatchObject({
      ok: true,
      result: { version: '99.2.0' },
    });
    expect(tool.commands).toMatchObject([{ kind: 'update', offer: { version: '99.2.0' } }]);
  });
});
