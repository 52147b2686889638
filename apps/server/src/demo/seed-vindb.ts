import { checkVin, vehicleOfJobTags } from '@fleet/contract';
import type { Db } from '../db/client.ts';
import { derivedSeed } from '@fleet/device-kit/demo-fleet';
import { SeededRandom } from '@fleet/device-kit/random';
import * as t from '../db/schema.ts';

/**
 * The demo VIN database (docs/insights.md "VIN database"): a few batteries, and the vehicles the demo
 * jobs ran on, with what their MK, MD and YE tags say. About one vehicle in five is left out, so that a
 * job detail also shows the offer to add its vehicle.
 */

export const DEMO_BATTERIES: readonly (typeof t.batteries.$inferInsert)[] = [
  {
    reference: 'EFB-70-760',
    maker: 'VARTA',
    model: 'Blue Dynamic EFB E11',
    chemistry: 'efb',
    capacityAh: 70,
    coldCrankingAmps: 760,
    voltage: 12,
  },
  {
    reference: 'AGM-95-850',
    maker: 'VARTA',
    model: 'Silver Dynamic AGM G14',
    chemistry: 'agm',
    capacityAh: 95,
    coldCrankingAmps: 850,
    voltage: 12,
  },
  {
    reference: 'S4-005',
    maker: 'BOSCH',
    model: 'S4 005',
    chemistry: 'lead-acid',
    capacityAh: 60,
    coldCrankingAmps: 540,
    voltage: 12,
  },
  {
    reference: 'S5-A11',
    maker: 'BOSCH',
    model: 'S5 A11 AGM',
    chemistry: 'agm',
    capacityAh: 80,
    coldCrankingAmps: 800,
    voltage: 12,
  },
  {
    reference: 'EL752',
    maker: 'EXIDE',
    model: 'Start-Stop EFB',
    chemistry: 'efb',
    capacityAh: 75,
    coldCrankingAmps: 730,
    voltage: 12,
  },
  {
    reference: 'H6-GP-48',
    maker: 'INTERSTATE',
    model: 'MTZ-48/H6',
    chemistry: 'agm',
    capacityAh: 70,
    coldCrankingAmps: 760,
    voltage: 12,
  },
  {
    reference: 'LFP-12-40',
    maker: 'BYD',
    model: 'Low-voltage LFP',
    chemistry: 'lifepo4',
    capacityAh: 40,
    coldCrankingAmps: null,
    voltage: 12.8,
    notes: 'Auxiliary battery of the electric models; no cranking.',
  },
  {
    reference: 'GEL-12-100',
    maker: 'EXIDE',
    model: 'Equipment Gel ES1200',
    chemistry: 'gel',
    capacityAh: 100,
    coldCrankingAmps: null,
    voltage: 12,
    notes: 'Deep-cycle: for workshop equipment, not for starting.',
  },
];

/** Engines and the battery each make's vehicles take (by the job's make tag). */
const MAKE_PARTS: Readonly<Record<string, { engines: readonly string[]; batteries: readonly string[] }>> = {
  VOLKSWAGEN: { engines: ['1.0 TSI', '1.5 TSI', '2.0 TDI'], batteries: ['EFB-70-760', 'AGM-95-850'] },
  RENAULT: { engines: ['1.0 TCe', '1.3 TCe', '1.5 Blue dCi'], batteries: ['EL752', 'S4-005'] },
  PEUGEOT: { engines: ['1.2 PureTech', '1.5 BlueHDi'], batteries: ['EL752', 'EFB-70-760'] },
  FORD: {
    engines: ['3.5 EcoBoost V6', '2.0 EcoBlue', '1.0 EcoBoost'],
    batteries: ['H6-GP-48', 'AGM-95-850'],
  },
  TOYOTA: { engines: ['1.8 Hybrid', '2.5 Hybrid', '1.5 VVT-i'], batteries: ['S4-005', 'S5-A11'] },
  BMW: { engines: ['2.0 B48', '2.0 B47 diesel', '1.5 B38'], batteries: ['AGM-95-850', 'S5-A11'] },
  HONDA: { engines: ['1.5 VTEC Turbo', '2.0 i-MMD Hybrid'], batteries: ['H6-GP-48', 'S4-005'] },
  SEAT: { engines: ['1.0 TSI', '1.5 TSI', '2.0 TDI'], batteries: ['EFB-70-760', 'S4-005'] },
  BYD: { engines: ['Electric 150 kW', 'Electric 230 kW'], batteries: ['LFP-12-40'] },
};

/** Jobs past this index add no vehicle: a benchmark's millions of jobs need no VIN database. */
export const DEMO_VEHICLE_JOBS = 50_000;
const RECORDED = 0.8;

export async function seedDemoBatteries(db: Db): Promise<void> {
  await db
    .insert(t.batteries)
    .values([...DEMO_BATTERIES])
    .onConflictDoNothing();
}

/** The vehicle of demo job `index` (of these tags), or null when the demo leaves it out. */
export function demoVehicle(
  seed: number,
  index: number,
  data: Readonly<Record<string, unknown>>,
): typeof t.vehicles.$inferInsert | null {
  const { vin, make, model, year } = vehicleOfJobTags(data);
  if (index >= DEMO_VEHICLE_JOBS || !vin || !make || !model || !year || checkVin(vin).problem) return null;
  const random = new SeededRandom(derivedSeed(seed, 'vehicle', index));
  if (!random.chance(RECORDED)) return null;
  const parts = MAKE_PARTS[make];
  return {
    vin,
    make,
    model,
    year,
    engine: parts ? random.pick(parts.engines) : null,
    batteryReference: parts ? random.pick(parts.batteries) : null,
  };
}

/** Records the vehicles of these demo jobs (`first` is the index of the first), inside the caller's transaction. */
export async function seedDemoVehicles(
  tx: Db,
  seed: number,
  first: number,
  jobs: readonly { data: Record<string, unknown> }[],
): Promise<void> {
  const rows = jobs.flatMap((job, k) => demoVehicle(seed, first + k, job.data) ?? []);
  for (let start = 0; start < rows.length; start += 1000)
    await tx
      .insert(t.vehicles)
      .values(rows.slice(start, start + 1000))
      .onConflictDoNothing();
}
