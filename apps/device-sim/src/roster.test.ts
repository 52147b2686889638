import { describe, expect, it } from 'vitest';
import { SOFTWARE_VERSIONS, demoDeviceIdentity } from '@fleet/device-kit/demo-fleet';
import { demoRoster } from './roster.ts';
import { FIRST_PLUGS_WITHIN_MS, PROFILES, firstPlugMs, nextPhase } from './behaviour.ts';

describe('simulator roster', () => {
  it('picks activated devices of the seed that have a key, with their keys', () => {
    const keys = Object.fromEntries(
      Array.from({ length: 60 }, (_, index) => {
        const { identity } = demoDeviceIdentity(20250801, index);
        return [identity.serialNumber, `key-${index}`];
      }),
    );
    const { devices, keyless } = demoRoster(20250801, 20, 2000, keys);
    expect(devices).toHaveLength(20);
    expect(keyless).toBe(0);
    expect(new Set(devices.map((d) => d.serialNumber)).size).toBe(20);
    for (const device of devices) expect(device.key).toBe(keys[device.serialNumber]);
    for (const device of devices) expect(SOFTWARE_VERSIONS).toContain(device.version);
    const without = demoRoster(20250801, 20, 2000, {});
    expect(without.devices).toEqual([]);
    expect(without.keyless).toBeGreaterThan(0);
  });

  it('alternates online sessions and outages within the profile bounds', () => {
    let phase = nextPhase(null, PROFILES.fast!, () => 0.1, 0);
    expect(phase.online).toBe(true);
    const next = nextPhase(phase, PROFILES.fast!, () => 0.5, phase.untilMs);
    expect(next.online).toBe(false);
    expect(next.untilMs - phase.untilMs).toBe(14_000);
    phase = nextPhase(null, PROFILES.fast!, () => 0.9, 0);
    expect(phase.online).toBe(false);
  });

  it('plugs a device in soon for the share technicians hold at any time, later for the others', () => {
    const fast = PROFILES.fast!;
    // Fast: 60 s plugged, 25 s unplugged on average, so 0.7 of the devices are plugged in soon.
    expect(firstPlugMs(fast, () => 0.5)).toBe(0.5 * FIRST_PLUGS_WITHIN_MS);
    const draws = [0.9, 0.5, 0.5];
    expect(firstPlugMs(fast, () => draws.shift()!)).toBe(0.5 * 25_000);
  });
});
