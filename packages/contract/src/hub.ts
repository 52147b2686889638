import { z } from 'zod';
import { seriesDetailSchema } from './series-detail.ts';
import { updateOfferSchema, type UpdateOffer } from './versions.ts';
import { canUseFeature, type FeatureCode } from './features.ts';
import { PAGE_SIZES, type ListDefinition } from './list-query.ts';

/** The live hub (docs/hub.md): what consoles, desktop tools and the server say to each other. */

/** socket.io's path on the server, below the API. */
export const HUB_PATH = '/api/hub';
export const CONSOLE_NAMESPACE = '/console';
export const DESKTOP_NAMESPACE = '/desktop';

/** Spec §9: a failed connection is tried again after 3 s, doubling up to 300 s. */
export const HUB_RETRY_FIRST_MS = 3000;
export const HUB_RETRY_MAX_MS = 300_000;

/** The wait before attempt `failures + 1`, after `failures` failed attempts in a row (0 after a success). */
export function reconnectDelay(failures: number): number {
  if (failures <= 0) return HUB_RETRY_FIRST_MS;
  return Math.min(HUB_RETRY_MAX_MS, HUB_RETRY_FIRST_MS * 2 ** Math.min(failures, 20));
}

export const CONNECTION_MODES = ['usb', 'bluetooth', 'wifi'] as const;
export const TASK_KINDS_LIVE = ['update', 'calibrate', 'renumber', 'modbus', 'restart'] as const;
export type LiveTaskKind = (typeof TASK_KINDS_LIVE)[number];

export const liveTaskSchema = z.object({
  id: z.string(),
  kind: z.enum(TASK_KINDS_LIVE),
  startedAt: z.string(),
  /** 0 to 100 when the device reports it. */
  percent: z.number().int().min(0).max(100).nullable(),
  message: z.string().nullable(),
});
export type LiveTask = z.infer<typeof liveTaskSchema>;

/** Spec §3: a connected device; `serie` is fetched by the console when it connects. */
export const connectedDeviceSchema = z.object({
  serialNumber: z.string(),
  userId: z.string(),
  connectionMode: z.enum(CONNECTION_MODES),
  serie: seriesDetailSchema.nullable(),
  task: liveTaskSchema.nullable(),
  updates: z.array(updateOfferSchema),
});
export type ConnectedDevice = z.infer<typeof connectedDeviceSchema>;

/** Every method answers through its acknowledgement, with the meaning of an HTTP status when it fails. */
export type HubAnswer<T> = { ok: true; result: T } | { ok: false; status: number; message: string };

export const TIMEOUT_MS_MIN = 100;
export const TIMEOUT_MS_MAX = 60_000;
const serialNumber = z.string().trim().min(1).max(32);
const timeoutMs = z.number().int().min(TIMEOUT_MS_MIN).max(TIMEOUT_MS_MAX);

/** The arguments of each method of spec §7, as the server checks them. */
export const hubMethodArguments = {
  joinGroup: z.object({}),
  leaveGroup: z.object({}),
  joinGroupAdmin: z.object({}),
  leaveGroupAdmin: z.object({}),
  getConnectedDevices: z.object({}),
  ejectDevice: z.object({ userId: z.string().min(1).max(64), serialNumber }),
  updateDevice: z.object({ serialNumber }),
  updateDeviceToSpecificVersion: z.object({ serialNumber, version: z.string().trim().min(1).max(32) }),
  changeSerialNumber: z.object({ serialNumber, newSerialNumber: serialNumber }),
  sendRawModbusCommand: z.object({
    serialNumber,
    rawCommand: z
      .string()
      .trim()
      .regex(/^([0-9A-Fa-f]{2}\s?){2,256}$/, 'must be hexadecimal bytes, such as 01 03 00 10 00 02'),
    timeoutMs,
  }),
  restartInBootMode: z.object({ serialNumber, timeoutMs }),
  restartInApplicationMode: z.object({ serialNumber, timeoutMs }),
  calibrate: z.object({ serialNumber }),
  renewToken: z.object({ token: z.string().min(1).max(8192) }),
} as const;
export type HubMethod = keyof typeof hubMethodArguments;
export type HubArguments<M extends HubMethod> = z.input<(typeof hubMethodArguments)[M]>;

/**
 * Who may call each method (docs/hub.md): one of the feature sets, every feature of it; null for any
 * signed-in user. Checked before the arguments, as HTTP routes do; the methods then narrow to the very
 * device (their own tool's, or any in scope with DEVICES_SUPPORT).
 */
export const HUB_METHOD_FEATURES: Record<HubMethod, readonly (readonly FeatureCode[])[] | null> = {
  joinGroup: [['CONNECTED_DEVICES']],
  leaveGroup: [['CONNECTED_DEVICES']],
  joinGroupAdmin: [['DEVICES_SUPPORT']],
  leaveGroupAdmin: [['DEVICES_SUPPORT']],
  getConnectedDevices: [['CONNECTED_DEVICES'], ['DEVICES_SUPPORT']],
  ejectDevice: [['CONNECTED_DEVICES'], ['DEVICES_SUPPORT']],
  updateDevice: [['CONNECTED_DEVICES']],
  updateDeviceToSpecificVersion: [['CONNECTED_DEVICES', 'VERSIONS.EAPONSPECIFIED']],
  // An action of the connected-devices list (spec §2, §6), not of the serial-number ranges' tool.
  changeSerialNumber: [['CONNECTED_DEVICES']],
  sendRawModbusCommand: [['DEVICES_SUPPORT']],
  restartInBootMode: [['DEVICES_SUPPORT']],
  restartInApplicationMode: [['DEVICES_SUPPORT']],
  calibrate: [['CONNECTED_DEVICES']],
  renewToken: null,
};

/** Whether a user who holds these features (as `holds` says) may call the method at all. */
export function hubMethodAllowed(method: HubMethod, holds: (feature: FeatureCode) => boolean): boolean {
  const sets = HUB_METHOD_FEATURES[method];
  return sets === null || sets.some((set) => set.every(holds));
}

/** Whether these roles may call the method at all. */
export function mayCallHubMethod(
  method: HubMethod,
  roles: readonly string[],
  disabled: ReadonlySet<string> = new Set(),
): boolean {
  return hubMethodAllowed(method, (feature) => canUseFeature(feature, roles, disabled));
}

/** Ejecting a device: a technician ejects their own tool's, anyone else's needs DEVICES_SUPPORT. */
export function ejectFeature(ownDevice: boolean): FeatureCode {
  return ownDevice ? 'CONNECTED_DEVICES' : 'DEVICES_SUPPORT';
}

/** Spec §4: the events a console receives. The last four are sent and ignored. */
export const HUB_EVENTS = [
  'connected',
  'disconnected',
  'taskStarted',
  'taskProgress',
  'taskCompleted',
  'updatesAvailable',
  'noUpdate',
  'join',
  'leave',
  'eject',
  'update',
] as const;
export type HubEventName = (typeof HUB_EVENTS)[number];

export type HubEvent =
  | { type: 'connected'; device: ConnectedDevice }
  | { type: 'disconnected'; serialNumber: string }
  | { type: 'taskStarted' | 'taskProgress'; serialNumber: string; task: LiveTask }
  | {
      type: 'taskCompleted';
      serialNumber: string;
      taskId: string;
      succeeded: boolean;
      message: string | null;
    }
  | { type: 'updatesAvailable'; serialNumber: string; updates: ConnectedDevice['updates'] }
  | { type: 'noUpdate'; serialNumber: string }
  | { type: 'join' | 'leave' | 'eject' | 'update'; serialNumber?: string }
  /** The socket closed or is reconnecting: nothing is known any more. */
  | { type: 'reset' }
  /** The answer of getConnectedDevices. */
  | { type: 'snapshot'; devices: ConnectedDevice[] }
  /** The console fetched the series card of a connected device. */
  | { type: 'serie'; serialNumber: string; serie: ConnectedDevice['serie'] };

/** What each console event carries as the hub sends it (spec §4); `connected` carries the device itself. */
export interface HubEventPayloads {
  connected: ConnectedDevice;
  disconnected: { serialNumber: string };
  taskStarted: { serialNumber: string; task: LiveTask };
  taskProgress: { serialNumber: string; task: LiveTask };
  taskCompleted: { serialNumber: string; taskId: string; succeeded: boolean; message: string | null };
  updatesAvailable: { serialNumber: string; updates: ConnectedDevice['updates'] };
  noUpdate: { serialNumber: string };
  join: { serialNumber?: string };
  leave: { serialNumber?: string };
  eject: { serialNumber?: string };
  update: { serialNumber?: string };
}

/** The console namespace's events as socket.io types them: typed where the server emits and the console listens. */
export type HubConsoleEvents = { [Name in HubEventName]: (payload: HubEventPayloads[Name]) => void };

/** The console's event of what the hub sent. */
export function hubEventOf<Name extends HubEventName>(name: Name, payload: HubEventPayloads[Name]): HubEvent {
  if (name === 'connected') return { type: 'connected', device: payload as ConnectedDevice };
  return { type: name, ...payload } as HubEvent;
}

export type ConnectedDevices = ReadonlyMap<string, ConnectedDevice>;

/** /devices-support pages the connected devices in reach like every list (URL-kept), by serial number. */
export const CONNECTED_DEVICE_LIST: ListDefinition = {
  sortColumns: ['SerialNumber'],
  defaultSortOrder: 'ASC',
  filters: [],
  pageSizes: PAGE_SIZES,
  defaultPageSize: 40,
};

function changed(
  state: ConnectedDevices,
  serialNumber: string,
  change: (device: ConnectedDevice) => ConnectedDevice,
): ConnectedDevices {
  const device = state.get(serialNumber);
  if (!device) return state;
  return new Map(state).set(serialNumber, change(device));
}

/** Spec §4: how each event changes the console's list of connected devices (pure; unknown devices ignored). */
export function hubReducer(state: ConnectedDevices, event: HubEvent): ConnectedDevices {
  switch (event.type) {
    case 'connected':
      return new Map(state).set(event.device.serialNumber, event.device);
    case 'disconnected': {
      if (!state.has(event.serialNumber)) return state;
      const next = new Map(state);
      next.delete(event.serialNumber);
      return next;
    }
    case 'taskStarted':
    case 'taskProgress':
      return changed(state, event.serialNumber, (device) => ({ ...device, task: event.task }));
    case 'taskCompleted':
      return changed(state, event.serialNumber, (device) =>
        device.task?.id === event.taskId ? { ...device, task: null } : device,
      );
    case 'updatesAvailable':
      return changed(state, event.serialNumber, (device) => ({ ...device, updates: event.updates }));
    case 'noUpdate':
      return changed(state, event.serialNumber, (device) => ({ ...device, updates: [] }));
    case 'serie':
      return changed(state, event.serialNumber, (device) => ({ ...device, serie: event.serie }));
    case 'reset':
      return state.size === 0 ? state : new Map();
    case 'snapshot':
      return new Map(event.devices.map((device) => [device.serialNumber, device]));
    default:
      // join, leave, eject and update: sent, and ignored by the console (spec §4).
      return state;
  }
}

/**
 * A desktop tool's handshake (namespace /desktop): the technician's access token, the device's
 * signature over it (the device protocol's header, signed over method `HUB`, path `/desktop` and the
 * token as body) and how the device is plugged in.
 */
export const desktopHandshakeSchema = z.object({
  token: z.string().min(1).max(8192),
  device: z.string().min(1).max(300),
  connectionMode: z.enum(CONNECTION_MODES),
});
export type DesktopHandshake = z.infer<typeof desktopHandshakeSchema>;
export const DESKTOP_SIGNED_METHOD = 'HUB';

export const RESTART_MODES = ['boot', 'application'] as const;

/** What the hub asks a desktop tool to run on its device; it answers with a HubAnswer. */
export type DesktopCommand = { taskId: string } & (
  | { kind: 'update'; offer: UpdateOffer }
  | { kind: 'calibrate' }
  | { kind: 'renumber'; newSerialNumber: string }
  | { kind: 'modbus'; rawCommand: string; timeoutMs: number }
  | { kind: 'restart'; mode: (typeof RESTART_MODES)[number]; timeoutMs: number }
);

/** What a desktop tool reports of the task it runs. */
export const desktopTaskEventSchemas = {
  taskStarted: liveTaskSchema,
  taskProgress: liveTaskSchema,
  taskCompleted: z.object({
    taskId: z.string().min(1).max(64),
    succeeded: z.boolean(),
    message: z.string().max(500).nullable(),
  }),
} as const;
