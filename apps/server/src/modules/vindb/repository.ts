import { eq, inArray, sql } from 'drizzle-orm';
import { checkVinDigit, type Battery, type BatteryChemistry, type Vehicle } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { batteries, users, vehicles } from '../../db/schema.ts';
import { UNIQUE_VIOLATION, FOREIGN_KEY_VIOLATION, databaseErrorOf } from '../../lib/database-errors.ts';
import { conflict, invalid } from '../../lib/errors.ts';

/** The VIN database's records as the API answers them (docs/insights.md "VIN database"). */

export const vehicleColumns = {
  vin: vehicles.vin,
  make: vehicles.make,
  model: vehicles.model,
  year: vehicles.year,
  engine: vehicles.engine,
  batteryReference: vehicles.batteryReference,
  notes: vehicles.notes,
  updatedAt: vehicles.updatedAt,
  updatedBy: users.name,
};

// Spelled out: inside a select list drizzle leaves the outer table's columns unqualified.
export const vehicleCount = sql<number>`(select count(*)::int from "vehicles" where "vehicles"."battery_reference" = "batteries"."reference")`;

export const batteryColumns = {
  reference: batteries.reference,
  maker: batteries.maker,
  model: batteries.model,
  chemistry: batteries.chemistry,
  capacityAh: batteries.capacityAh,
  coldCrankingAmps: batteries.coldCrankingAmps,
  voltage: batteries.voltage,
  notes: batteries.notes,
  updatedAt: batteries.updatedAt,
  updatedBy: users.name,
  vehicleCount,
};

export type VehicleRow = Omit<Vehicle, 'updatedAt' | 'checkDigitValid'> & { updatedAt: Date };
export type BatteryRow = Omit<Battery, 'updatedAt' | 'chemistry'> & { updatedAt: Date; chemistry: string };

export function toVehicle(row: VehicleRow): Vehicle {
  return { ...row, updatedAt: row.updatedAt.toISOString(), checkDigitValid: checkVinDigit(row.vin).valid };
}

export function toBattery(row: BatteryRow): Battery {
  return { ...row, chemistry: row.chemistry as BatteryChemistry, updatedAt: row.updatedAt.toISOString() };
}

/** Vehicles with the name of who last changed them. */
export const selectVehicles = (db: Db) =>
  db.select(vehicleColumns).from(vehicles).leftJoin(users, eq(users.id, vehicles.updatedBy));

export const selectBatteries = (db: Db) =>
  db.select(batteryColumns).from(batteries).leftJoin(users, eq(users.id, batteries.updatedBy));

/** The references among these that name a recorded battery. */
export async function knownBatteries(db: Db, references: readonly string[]): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const rows = await db
    .select({ reference: batteries.reference })
    .from(batteries)
    .where(inArray(batteries.reference, [...new Set(references)]));
  return new Set(rows.map((row) => row.reference));
}

/** A vehicle may name a recorded battery only: 400 naming the field otherwise. */
export async function ensureBatteryRecorded(db: Db, reference: string | null | undefined, field: string) {
  if (!reference) return;
  if (!(await knownBatteries(db, [reference])).has(reference))
    throw invalid([
      { field, message: `is not a recorded battery (${reference})`, rule: { kind: 'unknown' } },
    ]);
}

export const batteryInUse = (reference: string, vehicleCount: number) =>
  conflict(
    `Battery ${reference} is named by ${vehicleCount} vehicle${vehicleCount === 1 ? '' : 's'}: change them first`,
  );

/**
 * A write the database may still refuse when another request got there first: a key taken is a 409, a
 * battery deleted meanwhile a 400 naming the field (or, deleting a battery, a 409: a vehicle names it).
 */
export async function racing<T>(
  write: () => Promise<T>,
  answers: { taken?: string; batteryField?: string; inUse?: string },
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code = databaseErrorOf(error)?.code;
    if (code === UNIQUE_VIOLATION && answers.taken) throw conflict(answers.taken);
    if (code === FOREIGN_KEY_VIOLATION && answers.inUse) throw conflict(answers.inUse);
    if (code === FOREIGN_KEY_VIOLATION && answers.batteryField)
      throw invalid([
        { field: answers.batteryField, message: 'is not a recorded battery', rule: { kind: 'unknown' } },
      ]);
    throw error;
  }
}
