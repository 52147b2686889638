import { DEVICE_STATUSES, type DeviceStatusCode } from '@fleet/contract';
import type { MantineColor } from '@mantine/core';

/** Translation key of a device status name (spec §3). */
export function deviceStatusKey(code: DeviceStatusCode): string {
  return `series.device_status.${DEVICE_STATUSES[code].toLowerCase()}`;
}

/** Spec §3: each status has its own row colour; activated devices look like any card. */
export const DEVICE_STATUS_COLOURS: Record<DeviceStatusCode, MantineColor | null> = {
  A: null,
  E: 'gray',
  B: 'red',
  R: 'teal',
  I: 'orange',
};

/** The colour of a status badge: activated, which has no card colour, shows as healthy. */
export function deviceStatusColour(code: DeviceStatusCode): MantineColor {
  return DEVICE_STATUS_COLOURS[code] ?? 'teal';
}
