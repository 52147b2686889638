import { SeededRandom } from '@fleet/device-kit/random';
import { DATABASE_VERSIONS, SOFTWARE_VERSIONS, TECHNICIANS, derivedSeed } from '@fleet/device-kit/demo-fleet';
import type * as t from '../db/schema.ts';

const DAY = 86_400_000;
const COMPONENTS = [
  { name: 'Main board', part: 'MB' },
  { name: 'Battery pack', part: 'BP' },
  { name: 'RF module', part: 'RF' },
  { name: 'Display', part: 'DS' },
  { name: 'Pressure sensor', part: 'PS' },
] as const;
/** Rough centres of the countries the demo companies work in. */
const CENTRES: Record<string, [number, number]> = {
  FR: [46.6, 2.4],
  GB: [53.5, -1.8],
  DE: [51.1, 10.4],
  ES: [40.4, -3.7],
  PT: [39.6, -8.0],
  US: [39.8, -98.6],
  CA: [49.3, -97.1],
  CN: [31.2, 113.5],
};

type Row<T> = Omit<T, 'id' | 'seriesId'>;

export interface DeviceHistory {
  connections: Row<typeof t.connections.$inferInsert>[];
  updates: Row<typeof t.updateHistory.$inferInsert>[];
  components: Row<typeof t.components.$inferInsert>[];
  locations: Row<typeof t.locations.$inferInsert>[];
  configuration: Record<string, unknown> | null;
}

/** What a device in service has behind it: connections, updates, parts, positions and settings. */
export function deviceHistory(
  seed: number,
  index: number,
  device: {
    serialNumber: string;
    country: string | null;
    currentVersion: string | null;
    currentDbVersion: string | null;
    activationDate: Date | null | undefined;
  },
  now: Date,
): DeviceHistory {
  const random = new SeededRandom(derivedSeed(seed, 'history', index));
  const empty: DeviceHistory = {
    connections: [],
    updates: [],
    components: [],
    locations: [],
    configuration: null,
  };
  if (!device.activationDate) return empty;
  const since = device.activationDate.getTime();
  const span = Math.max(DAY, now.getTime() - since);
  const at = () => new Date(since + random.next() * span);
  const connections = Array.from({ length: random.int(0, 6) }, () => ({
    connectionDate: at(),
    username: random.pick(TECHNICIANS),
  }));
  // Each chain of updates ends at the version the device runs now, one step at a time, in date order.
  const chain = (subject: string, versions: readonly string[], current: string | null, most: number) => {
    const reached = current ? versions.indexOf(current) : -1;
    const steps = reached > 0 ? random.int(0, Math.min(most, reached)) : 0;
    const dates = Array.from({ length: steps }, at).sort((a, b) => a.getTime() - b.getTime());
    return dates.map((updateDate, k) => ({
      subject,
      updateDate,
      fromVersion: versions[reached - steps + k]!,
      toVersion: versions[reached - steps + k + 1]!,
      details: random.chance(0.5) ? 'Installed by the device after download' : 'Installed by a technician',
      username: random.chance(0.6) ? random.pick(TECHNICIANS) : null,
    }));
  };
  const updates = [
    ...chain('Software', SOFTWARE_VERSIONS, device.currentVersion, 3),
    ...chain('Database', DATABASE_VERSIONS, device.currentDbVersion, 2),
  ];
  const components = COMPONENTS.filter(() => random.chance(0.6)).map((component) => ({
    name: component.name,
    partNumber: `${component.part}${random.int(100, 999)}`,
    serialNumber: `${component.part}${device.serialNumber.slice(-5)}${random.int(10, 99)}`,
    version: `${random.int(1, 4)}.${random.int(0, 9)}`,
    status: random.weighted([
      ['ok', 85],
      ['worn', 10],
      ['faulty', 5],
    ] as const),
    addedAt: device.activationDate!,
  }));
  const [lat, long] = CENTRES[device.country ?? 'FR'] ?? CENTRES.FR!;
  const home = [lat + (random.next() - 0.5) * 6, long + (random.next() - 0.5) * 8];
  const locations = random.chance(0.5)
    ? Array.from({ length: random.int(1, 5) }, () => ({
        reportedAt: at(),
        latitude: Number((home[0]! + (random.next() - 0.5) * 0.05).toFixed(5)),
        longitude: Number((home[1]! + (random.next() - 0.5) * 0.05).toFixed(5)),
        accuracyMeters: random.int(5, 80),
      }))
    : [];
  const configuration = {
    units: {
      pressure: random.pick(['bar', 'psi', 'kPa']),
      temperature: random.pick(['celsius', 'fahrenheit']),
    },
    autoUpdate: random.chance(0.7),
    screenTimeoutSeconds: random.pick([60, 120, 300]),
    wifi: { enabled: random.chance(0.9), country: device.country ?? 'FR' },
    printer: random.chance(0.4)
      ? { model: random.pick(['PT-200', 'Zebra ZQ320']), paper: random.pick(['A4', 'Letter', '80mm']) }
      : null,
  };
  return { connections, updates, components, locations, configuration };
}
