import { createHash } from 'node:crypto';
import { SeededRandom } from './random.ts';

/**
 * Who each device of the demo fleet is, derived from the seed number and the device's index
 * alone: the seed writes it to the database, and the device simulator finds the same devices
 * and keys without reading the database.
 */
const DEVICE_TYPES = [
  { family: 'TPT', type: 'TPMS-TOOL', maker: 'Fleet Instruments', weight: 40 },
  { family: 'TQW', type: 'TORQUE-WRENCH', maker: 'Fleet Instruments', weight: 20 },
  { family: 'BTS', type: 'BATTERY-TESTER', maker: 'Brightline', weight: 15 },
  { family: 'ALG', type: 'WHEEL-ALIGNER', maker: 'Kessler', weight: 10 },
  { family: 'SCN', type: 'SCAN-TOOL', maker: 'Brightline', weight: 15 },
] as const;

/** Fifth character: region letter, never A (which marks accessories). */
const REGIONS = ['E', 'U', 'C', 'L', 'G'] as const;
const STATUS_WEIGHTS = [
  ['A', 72],
  ['E', 9],
  ['B', 4],
  ['I', 8],
  ['R', 7],
] as const;

export function derivedSeed(seed: number, label: string, index: number): number {
  return createHash('sha256').update(`${seed}:${label}:${index}`).digest().readUInt32LE(0);
}

export interface DemoDeviceIdentity {
  serialNumber: string;
  partNumber: string;
  deviceType: string;
  maker: string;
  deviceStatus: (typeof STATUS_WEIGHTS)[number][0];
}

/** The identity of device `index`, and the generator positioned after it for the rest of its record. */
export function demoDeviceIdentity(
  seed: number,
  index: number,
): { random: SeededRandom; identity: DemoDeviceIdentity } {
  const random = new SeededRandom(derivedSeed(seed, 'device', index));
  const kind = random.weighted(DEVICE_TYPES.map((d) => [d, d.weight] as const));
  const partNumber = `${kind.family}${random.int(1, 9)}${random.pick(REGIONS)}${String(random.int(0, 99999)).padStart(5, '0')}`;
  return {
    random,
    identity: {
      serialNumber: partNumber + String(index % 100000).padStart(5, '0'),
      partNumber,
      deviceType: kind.type,
      maker: kind.maker,
      deviceStatus: random.weighted(STATUS_WEIGHTS),
    },
  };
}

/** Serial numbers of the first `count` devices of the demo fleet of this seed. */
export function demoSerialNumbers(seed: number, count: number): string[] {
  return Array.from({ length: count }, (_, index) => demoDeviceIdentity(seed, index).identity.serialNumber);
}
