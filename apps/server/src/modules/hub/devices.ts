import type { Namespace, RemoteSocket, Socket } from 'socket.io';
import type { ConnectedDevice, DesktopCommand, HubAnswer, LiveTask, UpdateOffer } from '@fleet/contract';
import { HttpError, notFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';

/** What the hub keeps about a device connected through a desktop tool (on its socket, on its node). */
export interface DesktopData {
  seriesId: number;
  serialNumber: string;
  companyId: string | null;
  deviceType: string;
  /** The technician whose tool connected it. */
  userId: string;
  connectionMode: ConnectedDevice['connectionMode'];
  task: LiveTask | null;
  updates: UpdateOffer[];
}

/** Rooms: a device's own, its technician's devices (desktop side); groups (console side). */
export const rooms = {
  device: (serialNumber: string) => `device:${serialNumber}`,
  technician: (userId: string) => `technician:${userId}`,
  /** joinGroup: the devices of one's own desktop tools. */
  ownGroup: (userId: string) => `user:${userId}`,
  /** joinGroupAdmin: every device the user's company scope reaches. */
  adminGroup: (companyId: string | null) => (companyId === null ? 'admin' : `admin:${companyId}`),
  /** A user's own room, joined by each of their consoles: their bell's unread count (docs/notifications.md). */
  inbox: (userId: string) => `inbox:${userId}`,
};

/** The console rooms told about a device: its technician's group and the admin groups that reach it. */
export function consoleRoomsOf(device: DesktopData): string[] {
  const found = [rooms.ownGroup(device.userId), rooms.adminGroup(null)];
  if (device.companyId) found.push(rooms.adminGroup(device.companyId));
  return found;
}

/** The admin group a user joins: the whole fleet for internal members, else their company's devices. */
export function adminGroupOf(user: SignedInUser): string | null {
  if (user.wholeFleet) return rooms.adminGroup(null);
  return user.companyId ? rooms.adminGroup(user.companyId) : null;
}

export function inCompanyScope(user: SignedInUser, device: DesktopData): boolean {
  return user.wholeFleet || (user.companyId !== null && user.companyId === device.companyId);
}

export function connectedDeviceOf(device: DesktopData): ConnectedDevice {
  return {
    serialNumber: device.serialNumber,
    userId: device.userId,
    connectionMode: device.connectionMode,
    serie: null,
    task: device.task,
    updates: device.updates,
  };
}

type DesktopSocket = Socket | RemoteSocket<Record<string, never>, DesktopData>;

export function dataOf(socket: DesktopSocket): DesktopData {
  return socket.data as DesktopData;
}

/** The device with this serial number, on whichever node its tool is connected; undefined when none is. */
export async function findConnected(
  desktop: Namespace,
  serialNumber: string,
): Promise<DesktopData | undefined> {
  const [socket] = await desktop.in(rooms.device(serialNumber)).fetchSockets();
  return socket ? dataOf(socket) : undefined;
}

/** Every connected device in these desktop rooms (all of them when `within` is empty). */
export async function listConnected(desktop: Namespace, within: string[]): Promise<DesktopData[]> {
  const sockets = await (within.length ? desktop.in(within) : desktop).fetchSockets();
  return sockets.map(dataOf);
}

/** How long a tool has to accept an update or a calibration (they report progress afterwards). */
export const ACCEPT_TIMEOUT_MS = 10_000;

/**
 * Sends a command to the device's tool and waits for its answer: 404 when no tool holds the device,
 * 504 when it did not answer within `timeoutMs`, the tool's own refusal (409 busy, say) as it is.
 */
export async function sendCommand(
  desktop: Namespace,
  serialNumber: string,
  command: DesktopCommand,
  timeoutMs: number,
): Promise<unknown> {
  let answers: HubAnswer<unknown>[];
  try {
    answers = (await desktop
      .to(rooms.device(serialNumber))
      .timeout(timeoutMs)
      .emitWithAck('command', command)) as HubAnswer<unknown>[];
  } catch {
    throw new HttpError(504, `The device ${serialNumber} did not answer within ${timeoutMs} ms`);
  }
  const [answer] = answers;
  if (!answer) throw notFound(`The device ${serialNumber} is not connected`);
  if (!answer.ok) throw new HttpError(answer.status, answer.message);
  return answer.result;
}

/** The wait until a token's expiry, within what a timer takes. */
export function untilExpiry(expiresAt: number): number {
  return Math.min(2 ** 31 - 1, Math.max(0, expiresAt - Date.now()));
}
