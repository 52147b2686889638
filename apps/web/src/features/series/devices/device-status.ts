import type { DeviceStatusCode } from '@fleet/contract';
import type { MantineColor } from '@mantine/core';

export { deviceStatusKey } from '../../../lib/device-status-key';

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
