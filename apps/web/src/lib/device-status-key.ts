import { DEVICE_STATUSES, type DeviceStatusCode } from '@fleet/contract';

/** Translation key of a device status name (spec §3). */
export function deviceStatusKey(code: DeviceStatusCode): string {
  return `series.device_status.${DEVICE_STATUSES[code].toLowerCase()}`;
}
