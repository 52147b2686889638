import { createHash } from 'node:crypto';
import type { Variant } from '@fleet/contract';
import { SeededRandom } from './random.ts';

/**
 * Who each device of the demo fleet is, derived from the seed number and the device's index
 * alone: the seed writes it to the database, and the device simulator finds the same devices
 * and keys without reading the database.
 */
interface DeviceKind {
  family: string;
  type: string;
  maker: string;
  weight: number;
}

/** Each product variant sells its own kinds of device. */
const DEVICE_TYPES: Record<Variant, readonly DeviceKind[]> = {
  'tool-equipment': [
    { family: 'TPT', type: 'TPMS-TOOL', maker: 'Fleet Instruments', weight: 40 },
    { family: 'TQW', type: 'TORQUE-WRENCH', maker: 'Fleet Instruments', weight: 20 },
    { family: 'BTS', type: 'BATTERY-TESTER', maker: 'Brightline', weight: 15 },
    { family: 'ALG', type: 'WHEEL-ALIGNER', maker: 'Kessler', weight: 10 },
    { family: 'SCN', type: 'SCAN-TOOL', maker: 'Brightline', weight: 15 },
  ],
  'tyre-pressure': [
    { family: 'TPT', type: 'TPMS-TOOL', maker: 'Fleet Instruments', weight: 45 },
    { family: 'TPP', type: 'TPMS-SENSOR-PROGRAMMER', maker: 'Fleet Instruments', weight: 20 },
    { family: 'TDS', type: 'TREAD-DEPTH-SCANNER', maker: 'Kessler', weight: 15 },
    { family: 'INF', type: 'INFLATION-STATION', maker: 'Airline Systems', weight: 12 },
    { family: 'TPR', type: 'TPMS-RELEARN-TOOL', maker: 'Brightline', weight: 8 },
  ],
};

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
  /** The software and database versions it runs (a generator of its own, so the simulator knows them too). */
  currentVersion: string;
  currentDbVersion: string;
}

function versionsOf(seed: number, index: number): { currentVersion: string; currentDbVersion: string } {
  const random = new SeededRandom(derivedSeed(seed, 'versions', index));
  return { currentVersion: random.pick(SOFTWARE_VERSIONS), currentDbVersion: random.pick(DATABASE_VERSIONS) };
}

/** The identity of device `index`, and the generator positioned after it for the rest of its record. */
export function demoDeviceIdentity(
  seed: number,
  index: number,
  variant: Variant = 'tool-equipment',
): { random: SeededRandom; identity: DemoDeviceIdentity } {
  const random = new SeededRandom(derivedSeed(seed, 'device', index));
  const kind = random.weighted(DEVICE_TYPES[variant].map((d) => [d, d.weight] as const));
  const partNumber = `${kind.family}${random.int(1, 9)}${random.pick(REGIONS)}${String(random.int(0, 99999)).padStart(5, '0')}`;
  return {
    random,
    identity: {
      serialNumber: partNumber + String(index % 100000).padStart(5, '0'),
      partNumber,
      deviceType: kind.type,
      maker: kind.maker,
      deviceStatus: random.weighted(STATUS_WEIGHTS),
      ...versionsOf(seed, index),
    },
  };
}

/** Serial numbers of the first `count` devices of the demo fleet of this seed. */
export function demoSerialNumbers(
  seed: number,
  count: number,
  variant: Variant = 'tool-equipment',
): string[] {
  return Array.from(
    { length: count },
    (_, index) => demoDeviceIdentity(seed, index, variant).identity.serialNumber,
  );
}

/** Software versions devices run, oldest first: an update always moves forward along this list. */
export const SOFTWARE_VERSIONS = ['5.8.2', '5.9.0', '5.10.1', '5.11.0', '5.12.3', '6.0.0-rc1'] as const;
/** Database (vehicle data) versions, oldest first. */
export const DATABASE_VERSIONS = ['2025.04', '2025.05', '2025.06', '2025.07'] as const;
/** Who works on the demo fleet's devices: the users of its connections and jobs. */
export const TECHNICIANS = [
  'm.durand',
  'l.keller',
  's.garcia',
  'a.silva',
  'w.zhang',
  'j.brown',
  'c.martin',
  'n.schmidt',
];
