import type { Variant } from '@fleet/contract';
import { demoDeviceIdentity } from '@fleet/device-kit/demo-fleet';

export interface SimulatedDevice {
  serialNumber: string;
  /** The device's private key, from the demo keys file. */
  key: string;
  /** The software version it runs when the simulation starts. */
  version: string;
  /** Its kind (TPMS-TOOL, BATTERY-TESTER…): which jobs it runs. */
  deviceType: string;
}

/**
 * The first `count` activated devices of the demo fleet of this seed that have a key in `keys`
 * (the demo keys file the server writes in its data directory); the others cannot sign.
 */
export function demoRoster(
  seed: number,
  count: number,
  fleetSize: number,
  keys: Readonly<Record<string, string>>,
  variant: Variant = 'tool-equipment',
): { devices: SimulatedDevice[]; keyless: number } {
  const devices: SimulatedDevice[] = [];
  let keyless = 0;
  for (let index = 0; index < fleetSize && devices.length < count; index++) {
    const { identity } = demoDeviceIdentity(seed, index, variant);
    if (identity.deviceStatus !== 'A') continue;
    const key = keys[identity.serialNumber];
    if (key)
      devices.push({
        serialNumber: identity.serialNumber,
        key,
        version: identity.currentVersion,
        deviceType: identity.deviceType,
      });
    else keyless++;
  }
  return { devices, keyless };
}
