import {
  batteryReferenceSchema,
  optionalCell,
  readBatteryImportRow,
  readVehicleImportRow,
  type BatteryImportColumn,
  type BatteryImportRow,
  type Battery,
  type ImportedBattery,
  type ImportedVehicle,
  type Vehicle,
  type VehicleImportColumn,
  type VehicleImportRow,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { knownBatteries } from './repository.ts';
import { BATTERY, VEHICLE } from './records.ts';
import { checked, importAll, planRows, type RowReading } from './import-plan.ts';
import type { BatteryValues } from './batteries.ts';
import type { VehicleValues } from './vehicles.ts';

/** What a vehicles file and a batteries file hold, and the rules of each (docs/insights.md "VIN database"). */

/** A column the file does not have keeps what the record has. */
const kept = <T>(fresh: T | undefined, current: T | null | undefined): T | null =>
  fresh === undefined ? (current ?? null) : fresh;

const VEHICLE_ROWS: RowReading<
  VehicleImportColumn,
  VehicleImportRow['values'],
  ImportedVehicle,
  Vehicle,
  VehicleValues
> = {
  kind: VEHICLE,
  keyColumn: 'vin',
  read: (values) => {
    const { vehicle, ...problems } = readVehicleImportRow(values);
    return { record: vehicle, ...problems };
  },
  keyOf: (vehicle) => vehicle.vin,
  valuesOf: (vehicle, existing) => ({
    make: vehicle.make,
    model: vehicle.model,
    year: vehicle.year,
    engine: kept(vehicle.engine, existing?.engine),
    batteryReference: kept(vehicle.batteryReference, existing?.batteryReference),
    notes: kept(vehicle.notes, existing?.notes),
  }),
};

const BATTERY_ROWS: RowReading<
  BatteryImportColumn,
  BatteryImportRow['values'],
  ImportedBattery,
  Battery,
  BatteryValues
> = {
  kind: BATTERY,
  keyColumn: 'reference',
  read: (values) => {
    const { battery, ...problems } = readBatteryImportRow(values);
    return { record: battery, ...problems };
  },
  keyOf: (battery) => battery.reference,
  valuesOf: (battery, existing) => ({
    maker: battery.maker,
    chemistry: battery.chemistry,
    voltage: battery.voltage,
    model: kept(battery.model, existing?.model),
    capacityAh: kept(battery.capacityAh, existing?.capacityAh),
    coldCrankingAmps: kept(battery.coldCrankingAmps, existing?.coldCrankingAmps),
    notes: kept(battery.notes, existing?.notes),
  }),
};

/** A row's battery reference that names no recorded battery (checked even when other cells are wrong). */
function unknownBattery(values: VehicleImportRow['values'], known: Set<string>) {
  const reference = batteryReferenceSchema.safeParse(optionalCell(values, 'batteryReference') ?? '');
  return reference.success && !known.has(reference.data) ? reference.data : null;
}

/** A vehicle may name a recorded battery only. */
async function planVehicles(db: Db, rows: VehicleImportRow[]) {
  const references = rows.flatMap((row) => {
    const cell = batteryReferenceSchema.safeParse(optionalCell(row.values, 'batteryReference') ?? '');
    return cell.success ? [cell.data] : [];
  });
  const known = await knownBatteries(db, references);
  return planRows(db, rows, VEHICLE_ROWS, (row, errors) => {
    const missing = unknownBattery(row.values, known);
    if (missing && !errors.some((error) => error.column === 'batteryReference'))
      errors.push({
        column: 'batteryReference',
        message: `is not a recorded battery (${missing})`,
        rule: { kind: 'unknown' },
      });
  });
}

export const checkVehicleImport = async (db: Db, rows: VehicleImportRow[]) =>
  checked(await planVehicles(db, rows));

export const importVehicles = async (db: Db, user: SignedInUser, rows: VehicleImportRow[]) =>
  importAll(db, user, await planVehicles(db, rows), VEHICLE);

export const checkBatteryImport = async (db: Db, rows: BatteryImportRow[]) =>
  checked(await planRows(db, rows, BATTERY_ROWS));

export const importBatteries = async (db: Db, user: SignedInUser, rows: BatteryImportRow[]) =>
  importAll(db, user, await planRows(db, rows, BATTERY_ROWS), BATTERY);
