import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import { eq } from 'drizzle-orm';
import {
  SERIAL_NUMBER_PATTERN,
  canUseFeature,
  ejectFeature,
  isAccessorySerialNumber,
  type DesktopCommand,
  type FeatureCode,
} from '@fleet/contract';
import { series } from '../../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { UNIQUE_VIOLATION, databaseErrorOf } from '../../lib/database-errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';
import type { ConsoleData, ConsoleNamespace, MethodHandlers } from './console-methods.ts';
import {
  ACCEPT_TIMEOUT_MS,
  adminGroupOf,
  connectedDeviceOf,
  consoleRoomsOf,
  findConnected,
  inCompanyScope,
  listConnected,
  rooms,
  sendCommand,
  type DesktopData,
} from './devices.ts';
import { hubOffersFor, specificOffer } from './offers.ts';

function need(user: SignedInUser, ...features: FeatureCode[]) {
  for (const feature of features)
    if (!canUseFeature(feature, user.roles, user.disabledFeatures))
      throw forbidden(`This needs the ${feature} feature`);
}

const can = (user: SignedInUser, feature: FeatureCode) =>
  canUseFeature(feature, user.roles, user.disabledFeatures);

/** The methods of spec §7 (docs/hub.md: rights per method, 404 for a device out of reach, 409 busy). */
export function hubActions(
  app: FastifyInstance,
  consoles: ConsoleNamespace,
  desktop: Namespace,
): MethodHandlers {
  const db = app.database.db;

  /** A connected device the caller may act on: their own tool's, or any in scope with DEVICES_SUPPORT. */
  async function reach(user: SignedInUser, serialNumber: string): Promise<DesktopData> {
    const device = await findConnected(desktop, serialNumber);
    const reachable =
      device && inCompanyScope(user, device) && (device.userId === user.id || can(user, 'DEVICES_SUPPORT'));
    if (!reachable) throw notFound(`The device ${serialNumber} is not connected`);
    return device;
  }

  function idle(device: DesktopData) {
    if (device.task)
      throw conflict(`The device ${device.serialNumber} is busy with a ${device.task.kind} task`);
  }

  async function audit(user: SignedInUser, device: DesktopData, action: string, details = {}) {
    await recordAudit(db, user, {
      action: 'series.hub-action',
      subjectType: 'series',
      subjectId: String(device.seriesId),
      details: { action, serialNumber: device.serialNumber, technician: device.userId, ...details },
    });
  }

  /** Runs a command on an idle device: the tool reports its progress as events; answers the task id. */
  async function run(
    user: SignedInUser,
    device: DesktopData,
    command: DesktopCommand,
    timeoutMs = ACCEPT_TIMEOUT_MS,
  ): Promise<{ taskId: string; result: unknown }> {
    idle(device);
    const result = await sendCommand(desktop, device.serialNumber, command, timeoutMs);
    const { taskId: _taskId, ...details } = command;
    await audit(
      user,
      device,
      command.kind,
      'offer' in details ? { version: details.offer.version } : details,
    );
    return { taskId: command.taskId, result };
  }

  async function joinedDevices(user: SignedInUser, socket: Socket): Promise<DesktopData[]> {
    const adminGroup = adminGroupOf(user);
    if (adminGroup && socket.rooms.has(adminGroup))
      return (await listConnected(desktop, [])).filter((device) => inCompanyScope(user, device));
    if (socket.rooms.has(rooms.ownGroup(user.id))) return listConnected(desktop, [rooms.technician(user.id)]);
    throw badRequest('Join a group first (joinGroup or joinGroupAdmin)');
  }

  async function join(socket: Socket, room: string) {
    await socket.join(room);
    socket.to(room).emit('join', {});
    return {};
  }

  async function leave(socket: Socket, room: string | null) {
    if (!room) return {};
    await socket.leave(room);
    socket.to(room).emit('leave', {});
    return {};
  }

  return {
    joinGroup: async (_args, user, socket) => {
      return join(socket, rooms.ownGroup(user.id));
    },
    leaveGroup: async (_args, user, socket) => {
      return leave(socket, rooms.ownGroup(user.id));
    },
    joinGroupAdmin: async (_args, user, socket) => {
      const group = adminGroupOf(user);
      if (!group) throw forbidden('Your account belongs to no company: it reaches no device');
      return join(socket, group);
    },
    leaveGroupAdmin: async (_args, user, socket) => {
      return leave(socket, adminGroupOf(user));
    },
    getConnectedDevices: async (_args, user, socket) => {
      return (await joinedDevices(user, socket)).map(connectedDeviceOf);
    },
    ejectDevice: async ({ userId, serialNumber }, user) => {
      need(user, ejectFeature(userId === user.id));
      const device = await reach(user, serialNumber);
      if (device.userId !== userId)
        throw notFound(`The device ${serialNumber} is not connected by that user`);
      desktop.to(rooms.device(serialNumber)).emit('eject', { reason: `ejected by ${user.name}` });
      desktop.in(rooms.device(serialNumber)).disconnectSockets(true);
      consoles.to(consoleRoomsOf(device)).emit('eject', { serialNumber });
      await audit(user, device, 'eject');
      return {};
    },
    updateDevice: async ({ serialNumber }, user) => {
      const device = await reach(user, serialNumber);
      idle(device);
      const [offer] = await hubOffersFor(db, app.media, device.seriesId);
      if (!offer) throw conflict(`No update is available for the device ${serialNumber}`);
      const started = await run(user, device, { taskId: randomUUID(), kind: 'update', offer });
      consoles.to(consoleRoomsOf(device)).emit('update', { serialNumber });
      return { taskId: started.taskId, version: offer.version };
    },
    updateDeviceToSpecificVersion: async ({ serialNumber, version }, user) => {
      const device = await reach(user, serialNumber);
      idle(device);
      const offer = await specificOffer(db, app.media, device.deviceType, version);
      const started = await run(user, device, { taskId: randomUUID(), kind: 'update', offer });
      consoles.to(consoleRoomsOf(device)).emit('update', { serialNumber });
      return { taskId: started.taskId, version: offer.version };
    },
    calibrate: async ({ serialNumber }, user) => {
      const device = await reach(user, serialNumber);
      return { taskId: (await run(user, device, { taskId: randomUUID(), kind: 'calibrate' })).taskId };
    },
    changeSerialNumber: async ({ serialNumber, newSerialNumber: wanted }, user) => {
      const newSerialNumber = wanted.toUpperCase();
      if (!SERIAL_NUMBER_PATTERN.test(newSerialNumber) || isAccessorySerialNumber(newSerialNumber))
        throw badRequest('newSerialNumber: must be 5 to 32 letters and digits, not an accessory number', [
          { field: 'newSerialNumber', message: 'is not a device serial number', rule: { kind: 'format' } },
        ]);
      const device = await reach(user, serialNumber);
      if (newSerialNumber === device.serialNumber)
        throw badRequest('newSerialNumber: is the device’s number already', [
          { field: 'newSerialNumber', message: 'is the same number', rule: { kind: 'invalid' } },
        ]);
      const [taken] = await db
        .select({ id: series.id })
        .from(series)
        .where(eq(series.serialNumber, newSerialNumber));
      if (taken) throw conflict(`The serial number ${newSerialNumber} belongs to another device`);
      idle(device);
      await sendCommand(
        desktop,
        serialNumber,
        { taskId: randomUUID(), kind: 'renumber', newSerialNumber },
        ACCEPT_TIMEOUT_MS,
      );
      try {
        await db.transaction(async (tx) => {
          await tx
            .update(series)
            .set({ serialNumber: newSerialNumber })
            .where(eq(series.id, device.seriesId));
          await recordAudit(tx, user, {
            action: 'series.renumber',
            subjectType: 'series',
            subjectId: String(device.seriesId),
            details: { from: device.serialNumber, to: newSerialNumber, technician: device.userId },
          });
        });
      } catch (error) {
        if (databaseErrorOf(error)?.code === UNIQUE_VIOLATION)
          throw conflict(`The serial number ${newSerialNumber} belongs to another device`);
        throw error;
      }
      return { serialNumber: newSerialNumber };
    },
    sendRawModbusCommand: async ({ serialNumber, rawCommand, timeoutMs }, user) => {
      const device = await reach(user, serialNumber);
      const command = { taskId: randomUUID(), kind: 'modbus', rawCommand, timeoutMs } as const;
      return { answer: (await run(user, device, command, timeoutMs)).result };
    },
    restartInBootMode: async ({ serialNumber, timeoutMs }, user) => {
      const device = await reach(user, serialNumber);
      await run(user, device, { taskId: randomUUID(), kind: 'restart', mode: 'boot', timeoutMs }, timeoutMs);
      return {};
    },
    restartInApplicationMode: async ({ serialNumber, timeoutMs }, user) => {
      const device = await reach(user, serialNumber);
      const command = { taskId: randomUUID(), kind: 'restart', mode: 'application', timeoutMs } as const;
      await run(user, device, command, timeoutMs);
      return {};
    },
    renewToken: async ({ token }, _user, socket) => {
      const data = socket.data as ConsoleData;
      const checked = await app.checkToken(token);
      if (!checked) throw badRequest('token: is not a valid access token');
      if (checked.user.id !== data.user.id) throw forbidden('The new token belongs to another user');
      Object.assign(data, { user: checked.user, token, expiresAt: checked.expiresAt });
      return {};
    },
  };
}
