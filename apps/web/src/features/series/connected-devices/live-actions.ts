import { ejectFeature, hubMethodAllowed, type ConnectedDevice, type HubMethod } from '@fleet/contract';

/** The actions on a connected device (spec §2), in the order of its menu. */
export const LIVE_ACTIONS = [
  'update',
  'update_to_version',
  'calibrate',
  'attach_store',
  'renumber',
  'modbus',
  'restart_boot',
  'restart_application',
  'eject',
] as const;
export type LiveAction = (typeof LIVE_ACTIONS)[number];

/** The hub method behind each action; attaching a store is an HTTP call on the device. */
export const ACTION_METHODS: Record<LiveAction, HubMethod | null> = {
  update: 'updateDevice',
  update_to_version: 'updateDeviceToSpecificVersion',
  calibrate: 'calibrate',
  attach_store: null,
  renumber: 'changeSerialNumber',
  modbus: 'sendRawModbusCommand',
  restart_boot: 'restartInBootMode',
  restart_application: 'restartInApplicationMode',
  eject: 'ejectDevice',
};

/** Actions that need the device idle (one task at a time). */
const NEED_IDLE: readonly LiveAction[] = LIVE_ACTIONS.filter((action) => action !== 'eject');

export interface LiveUser {
  id: string;
  features: readonly string[];
}

/** Whether the user may run the action on this device now, and whether it waits for the device to be idle. */
export function liveActionState(
  action: LiveAction,
  device: ConnectedDevice,
  user: LiveUser,
): 'hidden' | 'enabled' | 'busy' {
  const method = ACTION_METHODS[action];
  const own = device.userId === user.id;
  let allowed: boolean;
  if (action === 'attach_store') allowed = device.serie?.allowedActions.includes('editStore') ?? false;
  else if (action === 'eject') allowed = user.features.includes(ejectFeature(own));
  else allowed = hubMethodAllowed(method!, (feature) => user.features.includes(feature));
  if (action === 'update' && device.updates.length === 0) allowed = false;
  if (!allowed) return 'hidden';
  return device.task && NEED_IDLE.includes(action) ? 'busy' : 'enabled';
}
