import {
  batteryReferenceSchema,
  optionalCell,
  readBatteryImportRow,
  readVehicleImportRow,
  type BatteryImportColumn,
  type BatteryImportRow,
  type ImportProblem,
  type VehicleImportColumn,
  type VehicleImportRow,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { insertRecords, knownBatteries, racing } from './repository.ts';
import { batteriesByReference, changeBattery, type BatteryValues } from './batteries.ts';
import { changeVehicle, vehiclesByVin, type VehicleValues } from './vehicles.ts';

/**
 * Imports of vehicles and of batteries (docs/insights.md "VIN database", as the stores import): each row
 * checked by the record body's rules and against the database, shown in a preview; then all rows
 * written in one transaction with their audit entries, or none while any row has an error.
 */

interface PlannedRow<C extends string, R, V = object> {
  line: number;
  values: R;
  action: 'create' | 'update' | null;
  errors: ImportProblem<C>[];
  warnings: ImportProblem<C>[];
  /** The record a row creates, written with the others at once. */
  create: { key: string; values: V } | null;
  /** The change a row makes to a record there already. */
  write: ((tx: Db, user: SignedInUser) => Promise<unknown>) | null;
}

/** The rows as the preview shows them. */
function checked<C extends string, R>(planned: PlannedRow<C, R>[]) {
  return planned.map(({ line, values, action, errors, warnings }) => ({
    line,
    values,
    action,
    errors,
    warnings,
  }));
}

/** Notes a key met again in the file, on the row's key column. */
function once<C extends string>(
  seen: Map<string, number>,
  key: string,
  line: number,
  column: C,
  what: string,
) {
  const first = seen.get(key);
  if (first === undefined) {
    seen.set(key, line);
    return [];
  }
  return [{ column, message: `is already the ${what} of row ${first}` }];
}

/** A row as checked, with nothing to write yet (all a row with errors is). */
function checkedRow<C extends string, R>(
  row: { line: number; values: R },
  errors: ImportProblem<C>[],
  warnings: ImportProblem<C>[],
): PlannedRow<C, R, never> {
  return { line: row.line, values: row.values, action: null, errors, warnings, create: null, write: null };
}

/** A valid row with what it writes: a new record, written with the others at once, or a change to the one there. */
function withWrite<C extends string, R, V, E>(
  row: PlannedRow<C, R, V>,
  record: { key: string; existing: E | null; values: V },
  change: (tx: Db, user: SignedInUser, current: E, values: V, details: { import: true }) => Promise<unknown>,
): PlannedRow<C, R, V> {
  const { key, existing, values } = record;
  if (!existing) return { ...row, action: 'create', create: { key, values } };
  return {
    ...row,
    action: 'update',
    write: (tx, user) => change(tx, user, existing, values, { import: true }),
  };
}

/** A column the file does not have keeps what the record has. */
const kept = <T>(fresh: T | undefined, current: T | null | undefined): T | null =>
  fresh === undefined ? (current ?? null) : fresh;

/** A row's battery reference that names no recorded battery (checked even when other cells are wrong). */
function unknownBattery(values: VehicleImportRow['values'], known: Set<string>) {
  const reference = batteryReferenceSchema.safeParse(optionalCell(values, 'batteryReference') ?? '');
  return reference.success && !known.has(reference.data) ? reference.data : null;
}

async function planVehicles(db: Db, rows: VehicleImportRow[]) {
  const read = rows.map((row) => readVehicleImportRow(row.values));
  const vins = read.flatMap(({ vehicle }) => (vehicle ? [vehicle.vin] : []));
  const references = rows.flatMap((row) => {
    const cell = batteryReferenceSchema.safeParse(optionalCell(row.values, 'batteryReference') ?? '');
    return cell.success ? [cell.data] : [];
  });
  const [current, known] = await Promise.all([vehiclesByVin(db, vins), knownBatteries(db, references)]);
  const seen = new Map<string, number>();
  return rows.map(
    (row, index): PlannedRow<VehicleImportColumn, VehicleImportRow['values'], VehicleValues> => {
      const { vehicle, errors, warnings } = read[index]!;
      const missing = unknownBattery(row.values, known);
      if (missing && !errors.some((error) => error.column === 'batteryReference'))
        errors.push({ column: 'batteryReference', message: `is not a recorded battery (${missing})` });
      if (vehicle) errors.push(...once(seen, vehicle.vin, row.line, 'vin', 'VIN'));
      const base = checkedRow(row, errors, warnings);
      if (!vehicle || errors.length > 0) return base;
      const existing = current.get(vehicle.vin) ?? null;
      const values: VehicleValues = {
        make: vehicle.make,
        model: vehicle.model,
        year: vehicle.year,
        engine: kept(vehicle.engine, existing?.engine),
        batteryReference: kept(vehicle.batteryReference, existing?.batteryReference),
        notes: kept(vehicle.notes, existing?.notes),
      };
      return withWrite(base, { key: vehicle.vin, existing, values }, changeVehicle);
    },
  );
}

async function planBatteries(db: Db, rows: BatteryImportRow[]) {
  const read = rows.map((row) => readBatteryImportRow(row.values));
  const current = await batteriesByReference(
    db,
    read.flatMap(({ battery }) => (battery ? [battery.reference] : [])),
  );
  const seen = new Map<string, number>();
  return rows.map(
    (row, index): PlannedRow<BatteryImportColumn, BatteryImportRow['values'], BatteryValues> => {
      const { battery, errors, warnings } = read[index]!;
      if (battery) errors.push(...once(seen, battery.reference, row.line, 'reference', 'reference'));
      const base = checkedRow(row, errors, warnings);
      if (!battery || errors.length > 0) return base;
      const existing = current.get(battery.reference) ?? null;
      const values: BatteryValues = {
        maker: battery.maker,
        chemistry: battery.chemistry,
        voltage: battery.voltage,
        model: kept(battery.model, existing?.model),
        capacityAh: kept(battery.capacityAh, existing?.capacityAh),
        coldCrankingAmps: kept(battery.coldCrankingAmps, existing?.coldCrankingAmps),
        notes: kept(battery.notes, existing?.notes),
      };
      return withWrite(base, { key: battery.reference, existing, values }, changeBattery);
    },
  );
}

/**
 * Writes every row, all or none: any error answers 400 with every problem by row and column
 * (`rows.<line>.<column>`) and writes nothing.
 */
async function importAll<C extends string, R, V extends object>(
  db: Db,
  user: SignedInUser,
  planned: PlannedRow<C, R, V>[],
  what: 'vehicle' | 'battery',
): Promise<{ created: number; updated: number }> {
  const problems = planned.flatMap((row) =>
    row.errors.map((error) => ({
      field: `rows.${row.line}.${error.column ?? 'row'}`,
      message: error.message,
    })),
  );
  if (problems.length > 0) {
    const lines = [...new Set(planned.filter((row) => row.errors.length).map((row) => row.line))];
    throw badRequest(
      `${lines.length} of ${planned.length} rows have errors (first: row ${lines[0]}): nothing was imported`,
      problems,
    );
  }
  const meanwhile = `A ${what} of this file was recorded or removed meanwhile: check the file again`;
  await racing(
    () =>
      db.transaction(async (tx) => {
        const creates = planned.flatMap((row) => (row.create ? [row.create] : []));
        await insertRecords(tx, user, what, creates, {
          import: true,
        });
        for (const row of planned) await row.write?.(tx, user);
      }),
    { taken: meanwhile, inUse: meanwhile },
  );
  const created = planned.filter((row) => row.action === 'create').length;
  return { created, updated: planned.length - created };
}

export const checkVehicleImport = async (db: Db, rows: VehicleImportRow[]) =>
  checked(await planVehicles(db, rows));

export const importVehicles = async (db: Db, user: SignedInUser, rows: VehicleImportRow[]) =>
  importAll(db, user, await planVehicles(db, rows), 'vehicle');

export const checkBatteryImport = async (db: Db, rows: BatteryImportRow[]) =>
  checked(await planBatteries(db, rows));

export const importBatteries = async (db: Db, user: SignedInUser, rows: BatteryImportRow[]) =>
  importAll(db, user, await planBatteries(db, rows), 'battery');
