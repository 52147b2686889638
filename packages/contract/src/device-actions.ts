import type { RoleCode } from './roles.ts';
import type { DeviceStatusCode } from './series.ts';

/**
 * What can be done to a device, in which states, and by whom (spec §6 where it says, docs/device-statuses.md
 * for the rest). "The device cannot do this in its state" (409) and "you may not do this" (403) are
 * different answers.
 */
export const DEVICE_ACTIONS = [
  'editDescription',
  'setEarlyAccess',
  'deactivate',
  'reactivate',
  'blacklist',
  'unblacklist',
  'discard',
  'undoDiscard',
  'refurbish',
  'deassociate',
  'delete',
  'setActivationDate',
  'resetActivation',
  'editStore',
  'associateUser',
] as const;
export type DeviceAction = (typeof DEVICE_ACTIONS)[number];

const ADMINS: RoleCode[] = ['old-administrator', 'administrator'];
const ADMIN_CLASS: RoleCode[] = [...ADMINS, 'old-super-user'];

interface ActionRule {
  /** States the action may start from. */
  from: readonly DeviceStatusCode[];
  roles: readonly RoleCode[];
}

const ANY: readonly DeviceStatusCode[] = ['A', 'E', 'B', 'I', 'R'];

export const DEVICE_ACTION_RULES: Record<DeviceAction, ActionRule> = {
  editDescription: {
    from: ANY,
    roles: [...ADMIN_CLASS, 'support-manager', 'support-user', 'customer-engineering-manager'],
  },
  setEarlyAccess: { from: ['A', 'E'], roles: [...ADMINS, 'devops-manager', 'support-manager'] },
  deactivate: { from: ['A'], roles: [...ADMIN_CLASS, 'support-manager', 'support-user'] },
  reactivate: { from: ['E'], roles: [...ADMIN_CLASS, 'support-manager', 'support-user'] },
  blacklist: { from: ['A', 'E'], roles: [...ADMINS, 'support-manager'] },
  unblacklist: { from: ['B'], roles: [...ADMINS, 'support-manager'] },
  discard: { from: ['A', 'E', 'B'], roles: [...ADMIN_CLASS, 'support-manager', 'factory-manager'] },
  undoDiscard: { from: ['I'], roles: [...ADMIN_CLASS, 'support-manager', 'factory-manager'] },
  refurbish: { from: ['I', 'R'], roles: [...ADMINS, 'factory-manager', 'factory-user'] },
  deassociate: { from: ['A', 'E'], roles: [...ADMIN_CLASS, 'support-manager', 'support-user'] },
  delete: { from: ['I', 'R'], roles: ADMINS },
  // Spec §6: edit and reset of the activation date, for activated devices only.
  setActivationDate: { from: ['A'], roles: [...ADMINS, 'support-manager'] },
  resetActivation: { from: ['A'], roles: [...ADMINS, 'factory-manager', 'factory-user', 'support-manager'] },
  // Spec §6: edit or attach store, and see the store address.
  editStore: {
    from: ['A', 'E'],
    roles: [
      'administrator',
      'support-manager',
      'support-user',
      'support-config',
      'devops-manager',
      'customer-engineering-manager',
    ],
  },
  // Spec §6: the associate-user form.
  associateUser: {
    from: ['A'],
    roles: [
      'old-administrator',
      'old-super-user',
      'administrator',
      'support-manager',
      'customer-engineering-manager',
    ],
  },
};

export function mayDo(action: DeviceAction, roles: readonly string[]): boolean {
  return DEVICE_ACTION_RULES[action].roles.some((role) => roles.includes(role));
}

export function canDoInState(action: DeviceAction, status: DeviceStatusCode): boolean {
  return DEVICE_ACTION_RULES[action].from.includes(status);
}

/** Where an action takes the device; undefined: the status does not change. */
export function statusAfter(
  action: DeviceAction,
  beforeDiscard: DeviceStatusCode | null,
): DeviceStatusCode | undefined {
  switch (action) {
    case 'deactivate':
      return 'E';
    case 'reactivate':
      return 'A';
    case 'blacklist':
      return 'B';
    case 'unblacklist':
      return 'E';
    case 'discard':
      return 'I';
    case 'undoDiscard':
      return beforeDiscard ?? 'E';
    case 'refurbish':
      return 'E';
    default:
      return undefined;
  }
}

/** Spec §5: activation dates from 1 February 2017 to today, written YYYY-MM-DD. */
export const ACTIVATION_DATE_MIN = '2017-02-01';

export type ActivationDateProblem = 'format' | 'before_minimum' | 'after_today';

export function checkActivationDate(value: string, today: Date = new Date()): ActivationDateProblem | null {
  if (value.length > 10 || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'format';
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return 'format';
  if (value < ACTIVATION_DATE_MIN) return 'before_minimum';
  if (value > today.toISOString().slice(0, 10)) return 'after_today';
  return null;
}

/** Spec §5: a default below the minimum becomes today. */
export function defaultActivationDate(current: string | null, today: Date = new Date()): string {
  const day = current?.slice(0, 10);
  return day && day >= ACTIVATION_DATE_MIN ? day : today.toISOString().slice(0, 10);
}

export const STORE_CODE_MAX_LENGTH = 100;
