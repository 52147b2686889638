import { demoDeviceIdentity, deviceKey } from '@fleet/server/demo-fleet';

export interface SimulatedDevice {
  serialNumber: string;
  key: string;
}

/** The first `count` activated devices of the demo fleet of this seed, with their keys. */
export function demoRoster(seed: number, count: number, fleetSize: number): SimulatedDevice[] {
  const devices: SimulatedDevice[] = [];
  for (let index = 0; index < fleetSize && devices.length < count; index++) {
    const { identity } = demoDeviceIdentity(seed, index);
    if (identity.deviceStatus === 'A')
      devices.push({ serialNumber: identity.serialNumber, key: deviceKey(seed, identity.serialNumber) });
  }
  return devices;
}
