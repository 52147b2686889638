import type { FastifyInstance } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import { eq } from 'drizzle-orm';
import {
  DESKTOP_NAMESPACE,
  DESKTOP_SIGNED_METHOD,
  DEVICE_CLOCK_WINDOW_MS,
  canUseFeature,
  desktopHandshakeSchema,
  desktopTaskEventSchemas,
  deviceSigningText,
  parseDeviceAuthorization,
  type HubAnswer,
  type HubConsoleEvents,
  type HubEventName,
  type HubEventPayloads,
} from '@fleet/contract';
import { series } from '../../db/schema.ts';
import { HttpError, forbidden, unauthorized } from '../../lib/errors.ts';
import { sha256Hex, signatureMatches } from '@fleet/device-kit/device-keys';
import { nonceLedger, REFUSED_STATUSES, type NonceLedger } from '../../plugins/device-auth.ts';
import { consoleNamespaceOf } from './console-methods.ts';
import { hubOffersFor } from './offers.ts';
import { ackOf, answerUnknownEvents, payloadOf } from './acknowledgements.ts';
import {
  connectedDeviceOf,
  consoleRoomsOf,
  dataOf,
  rooms,
  untilExpiry,
  type DesktopData,
} from './devices.ts';

/** The events a desktop tool sends; each is answered when the tool asks for an acknowledgement. */
const DESKTOP_EVENTS = new Set(['taskStarted', 'taskProgress', 'taskCompleted']);
const ACCEPTED: HubAnswer<unknown> = { ok: true, result: {} };
const REFUSED: HubAnswer<unknown> = {
  ok: false,
  status: 400,
  message: 'The task report is not one the hub reads',
};
const NOT_RUNNING: HubAnswer<unknown> = {
  ok: false,
  status: 409,
  message: 'No task of this id runs on the device',
};

function acknowledge(args: readonly unknown[], answer: HubAnswer<unknown>): void {
  ackOf(args)?.(answer);
}

/** A refusal at the handshake, with its HTTP meaning for the tool (`connect_error` → `data.status`). */
function refusal(error: HttpError): Error {
  return Object.assign(new Error(error.message), { data: { status: error.status } });
}

/**
 * Who may connect a device: a signed-in technician (their access token) with the device in their
 * company scope, and the device itself (its protocol key's signature over that very token), in service.
 */
async function authenticateDesktop(app: FastifyInstance, nonces: NonceLedger, socket: Socket) {
  const handshake = desktopHandshakeSchema.safeParse(socket.handshake.auth);
  if (!handshake.success)
    throw new HttpError(400, 'The handshake needs token, device (a device signature) and connectionMode');
  const { token, device, connectionMode } = handshake.data;
  const checked = await app.checkToken(token);
  if (!checked) throw unauthorized();
  const { user } = checked;
  if (!canUseFeature('SERIES', user.roles, user.disabledFeatures))
    throw forbidden('This needs the SERIES feature');
  const authorization = parseDeviceAuthorization(device);
  if (!authorization) throw unauthorized('Device signature required: Device sn=…,ts=…,nonce=…,sig=…');
  if (Math.abs(Date.now() - authorization.timestamp) > DEVICE_CLOCK_WINDOW_MS)
    throw unauthorized('Device clock is off: the signature time is more than 2 minutes from the server time');
  const [row] = await app.database.db
    .select()
    .from(series)
    .where(eq(series.serialNumber, authorization.serialNumber));
  const text = deviceSigningText({
    method: DESKTOP_SIGNED_METHOD,
    url: DESKTOP_NAMESPACE,
    timestamp: authorization.timestamp,
    nonce: authorization.nonce,
    bodySha256Hex: sha256Hex(token),
  });
  if (
    !row?.devicePublicKey ||
    (REFUSED_STATUSES as readonly string[]).includes(row.deviceStatus) ||
    !signatureMatches(row.devicePublicKey, text, authorization.signature)
  )
    throw unauthorized('Device key required');
  if (!(await nonces.remember(row.serialNumber, authorization.nonce)))
    throw unauthorized('Device signature replayed: its nonce was used already');
  if (!user.wholeFleet && user.companyId !== row.companyId)
    throw forbidden('This device is not in your company');
  const data: DesktopData = {
    seriesId: row.id,
    serialNumber: row.serialNumber,
    companyId: row.companyId,
    deviceType: row.deviceType,
    userId: user.id,
    connectionMode,
    task: null,
    updates: [],
  };
  return { data, expiresAt: checked.expiresAt };
}

/**
 * The desktop tools' namespace: a device connected through a technician's session. The hub tells the
 * consoles that reach the device when it connects, runs tasks, gets updates and goes away.
 */
export function openDesktopNamespace(app: FastifyInstance, io: Server): Namespace {
  const desktop = io.of(DESKTOP_NAMESPACE);
  const consoles = consoleNamespaceOf(io);
  const nonces = nonceLedger(app.sharedStore, 'desktop');
  const tell = <Name extends HubEventName>(
    device: DesktopData,
    event: Name,
    payload: HubEventPayloads[Name],
  ) => consoles.to(consoleRoomsOf(device)).emit(event, ...([payload] as Parameters<HubConsoleEvents[Name]>));

  desktop.use((socket, next) => {
    authenticateDesktop(app, nonces, socket)
      .then(async ({ data, expiresAt }) => {
        // Known before the connection opens: the tool may report a task the moment it is connected.
        data.updates = await hubOffersFor(app.database.db, app.media, data.seriesId).catch(() => []);
        socket.data = data;
        // The technician's session ends the connection when it ends: the tool connects again signed in anew.
        const timer = setTimeout(() => socket.disconnect(true), untilExpiry(expiresAt));
        socket.once('disconnect', () => clearTimeout(timer));
        next();
      })
      .catch((error: unknown) => {
        if (error instanceof HttpError) return next(refusal(error));
        app.log.error({ err: error }, 'hub: desktop handshake failed');
        next(refusal(new HttpError(500, 'The hub could not check this connection')));
      });
  });

  desktop.on('connection', async (socket) => {
    const device = dataOf(socket);
    // Listeners first, before any wait: an event sent right after connecting is not lost.
    socket.on('taskStarted', (...args: unknown[]) =>
      acknowledge(args, onTask('taskStarted', payloadOf(args))),
    );
    socket.on('taskProgress', (...args: unknown[]) =>
      acknowledge(args, onTask('taskProgress', payloadOf(args))),
    );
    socket.on('taskCompleted', async (...args: unknown[]) => {
      const event = desktopTaskEventSchemas.taskCompleted.safeParse(payloadOf(args));
      if (!event.success) return acknowledge(args, REFUSED);
      if (device.task?.id !== event.data.taskId) return acknowledge(args, NOT_RUNNING);
      const kind = device.task.kind;
      device.task = null;
      tell(device, 'taskCompleted', { serialNumber: device.serialNumber, ...event.data });
      acknowledge(args, ACCEPTED);
      if (kind === 'update') await refreshUpdates();
    });
    answerUnknownEvents(socket, DESKTOP_EVENTS);
    socket.on('disconnect', () => {
      tell(device, 'disconnected', { serialNumber: device.serialNumber });
    });

    // One tool per device: a second connection replaces the first, wherever it is. (With Redis the
    // disconnection may land after this socket joined: it names the others, never this one.)
    await socket.join([rooms.device(device.serialNumber), rooms.technician(device.userId)]);
    const others = desktop.in(rooms.device(device.serialNumber)).except(socket.id);
    others.emit('eject', { reason: 'connected elsewhere' });
    others.disconnectSockets(true);
    if (socket.connected) tell(device, 'connected', connectedDeviceOf(device));

    function onTask(event: 'taskStarted' | 'taskProgress', raw: unknown): HubAnswer<unknown> {
      const task = desktopTaskEventSchemas[event].safeParse(raw);
      if (!task.success) return REFUSED;
      if (event === 'taskProgress' && device.task?.id !== task.data.id) return NOT_RUNNING;
      device.task = task.data;
      tell(device, event, { serialNumber: device.serialNumber, task: task.data });
      return ACCEPTED;
    }

    async function refreshUpdates() {
      device.updates = await hubOffersFor(app.database.db, app.media, device.seriesId).catch(
        () => device.updates,
      );
      if (device.updates.length)
        tell(device, 'updatesAvailable', { serialNumber: device.serialNumber, updates: device.updates });
      else tell(device, 'noUpdate', { serialNumber: device.serialNumber });
    }
  });
  return desktop;
}
