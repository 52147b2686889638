import type { z } from 'zod';
import {
  cellReader,
  importColumnMatcher,
  optionalCell,
  tableImportSchemas,
  type ImportProblem,
} from './table-import.ts';
import { checkVin } from './vin.ts';
import {
  BATTERY_CHEMISTRIES,
  batteryBodySchema,
  vehicleBodySchema,
  type Battery,
  type BatteryChemistry,
  type Vehicle,
} from './vindb.ts';

/**
 * The files of the VIN database (docs/insights.md): the columns an export writes, in its order, so that
 * an exported file, edited and imported again, updates the records.
 */
export const VEHICLE_IMPORT_COLUMNS = [
  'vin',
  'make',
  'model',
  'year',
  'engine',
  'batteryReference',
  'notes',
] as const;
export type VehicleImportColumn = (typeof VEHICLE_IMPORT_COLUMNS)[number];

export const BATTERY_IMPORT_COLUMNS = [
  'reference',
  'maker',
  'model',
  'chemistry',
  'capacityAh',
  'coldCrankingAmps',
  'voltage',
  'notes',
] as const;
export type BatteryImportColumn = (typeof BATTERY_IMPORT_COLUMNS)[number];

export const VINDB_IMPORT_MAX_ROWS = 5000;
export const VINDB_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const VINDB_IMPORT_CELL_MAX_LENGTH = 2000;

const LIMITS = { maxRows: VINDB_IMPORT_MAX_ROWS, cellMax: VINDB_IMPORT_CELL_MAX_LENGTH };
export const VEHICLE_IMPORT = tableImportSchemas(VEHICLE_IMPORT_COLUMNS, { ...LIMITS, what: 'vehicles' });
export const BATTERY_IMPORT = tableImportSchemas(BATTERY_IMPORT_COLUMNS, { ...LIMITS, what: 'batteries' });

export type VehicleImportValues = z.infer<typeof VEHICLE_IMPORT.values>;
export type VehicleImportRow = z.infer<typeof VEHICLE_IMPORT.row>;
export type CheckedVehicleImportRow = z.infer<typeof VEHICLE_IMPORT.checkedRow>;
export type VehicleImportPreview = z.infer<typeof VEHICLE_IMPORT.preview>;
export type BatteryImportValues = z.infer<typeof BATTERY_IMPORT.values>;
export type BatteryImportRow = z.infer<typeof BATTERY_IMPORT.row>;
export type CheckedBatteryImportRow = z.infer<typeof BATTERY_IMPORT.checkedRow>;
export type BatteryImportPreview = z.infer<typeof BATTERY_IMPORT.preview>;

/** Headers as people write them too: "battery" for the battery reference, "CCA" for cold-cranking amps. */
export const vehicleImportColumnOf = importColumnMatcher(VEHICLE_IMPORT_COLUMNS, {
  battery: 'batteryReference',
});
export const batteryImportColumnOf = importColumnMatcher(BATTERY_IMPORT_COLUMNS, {
  capacity: 'capacityAh',
  cca: 'coldCrankingAmps',
});

/** A vehicle as a row gives it; an optional field undefined when the file has no such column. */
export interface ImportedVehicle {
  vin: string;
  make: string;
  model: string;
  year: number;
  engine: string | null | undefined;
  batteryReference: string | null | undefined;
  notes: string | null | undefined;
}

/**
 * A number cell read by its schema: blank is null (or "is required"), a decimal comma is accepted, text
 * that is no number says so.
 */
function numberReader<C extends string>(errors: ImportProblem<C>[]) {
  const read = cellReader(errors);
  return <T>(column: C, schema: z.ZodType<T>, cell: string | null | undefined, required = false) => {
    const trimmed = cell?.trim() ?? '';
    if (trimmed === '') {
      if (required) errors.push({ column, message: 'is required', rule: { kind: 'required' } });
      return required ? undefined : null;
    }
    const number = /^-?\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : NaN;
    if (Number.isNaN(number)) {
      errors.push({ column, message: 'must be a number' });
      return undefined;
    }
    return read(column, schema, number);
  };
}

/**
 * Reads a row into a vehicle with the vehicle body's own rules, each problem by its column; a wrong
 * check digit where a region may leave it out is a warning. Whether its battery exists is the server's
 * to say.
 */
export function readVehicleImportRow(values: VehicleImportValues): {
  vehicle: ImportedVehicle | null;
  errors: ImportProblem<VehicleImportColumn>[];
  warnings: ImportProblem<VehicleImportColumn>[];
} {
  const errors: ImportProblem<VehicleImportColumn>[] = [];
  const warnings: ImportProblem<VehicleImportColumn>[] = [];
  const read = cellReader(errors);
  const readNumber = numberReader(errors);
  const shape = vehicleBodySchema.shape;
  const vin = read('vin', shape.vin, values.vin ?? '');
  const warning = vin ? checkVin(vin).warning : null;
  if (warning) warnings.push({ column: 'vin', message: warning });
  const make = read('make', shape.make, values.make ?? '');
  const model = read('model', shape.model, values.model ?? '');
  const year = readNumber('year', shape.year, values.year, true) ?? undefined;
  const optional = <T>(column: VehicleImportColumn, schema: z.ZodType<T>) => {
    const cell = optionalCell(values, column);
    return cell === undefined ? undefined : (read(column, schema, cell) ?? null);
  };
  const engine = optional('engine', shape.engine);
  const batteryReference = optional('batteryReference', shape.batteryReference);
  const notes = optional('notes', shape.notes);
  if (errors.length > 0 || !vin || !make || !model || year === undefined)
    return { vehicle: null, errors, warnings };
  return {
    vehicle: { vin, make, model, year, engine, batteryReference, notes },
    errors,
    warnings,
  };
}

/** A battery as a row gives it; an optional field undefined when the file has no such column. */
export interface ImportedBattery {
  reference: string;
  maker: string;
  chemistry: BatteryChemistry;
  voltage: number;
  model: string | null | undefined;
  capacityAh: number | null | undefined;
  coldCrankingAmps: number | null | undefined;
  notes: string | null | undefined;
}

const CHEMISTRY_NAMES: Readonly<Record<string, BatteryChemistry>> = Object.fromEntries(
  BATTERY_CHEMISTRIES.map((chemistry) => [chemistry.replace(/[\s_-]/g, ''), chemistry]),
);

/** Reads a row into a battery with the battery body's own rules, each problem by its column. */
export function readBatteryImportRow(values: BatteryImportValues): {
  battery: ImportedBattery | null;
  errors: ImportProblem<BatteryImportColumn>[];
  warnings: ImportProblem<BatteryImportColumn>[];
} {
  const errors: ImportProblem<BatteryImportColumn>[] = [];
  const read = cellReader(errors);
  const readNumber = numberReader(errors);
  const shape = batteryBodySchema.shape;
  const reference = read('reference', shape.reference, values.reference ?? '');
  const maker = read('maker', shape.maker, values.maker ?? '');
  const chemistryText =
    values.chemistry
      ?.trim()
      .toLowerCase()
      .replace(/[\s_-]/g, '') ?? '';
  const chemistry = CHEMISTRY_NAMES[chemistryText];
  if (!chemistry)
    errors.push({ column: 'chemistry', message: `must be one of ${BATTERY_CHEMISTRIES.join(', ')}` });
  const voltage = readNumber('voltage', shape.voltage, values.voltage, true) ?? undefined;
  const optional = <T>(column: BatteryImportColumn, schema: z.ZodType<T>) => {
    const cell = optionalCell(values, column);
    return cell === undefined ? undefined : (read(column, schema, cell) ?? null);
  };
  const optionalNumber = <T>(column: BatteryImportColumn, schema: z.ZodType<T>) => {
    const cell = optionalCell(values, column);
    return cell === undefined ? undefined : (readNumber(column, schema, cell) ?? null);
  };
  const model = optional('model', shape.model);
  const capacityAh = optionalNumber('capacityAh', shape.capacityAh);
  const coldCrankingAmps = optionalNumber('coldCrankingAmps', shape.coldCrankingAmps);
  const notes = optional('notes', shape.notes);
  if (errors.length > 0 || !reference || !maker || !chemistry || voltage === undefined)
    return { battery: null, errors, warnings: [] };
  return {
    battery: { reference, maker, chemistry, voltage, model, capacityAh, coldCrankingAmps, notes },
    errors,
    warnings: [],
  };
}

/** A vehicle as an exported row: the inverse of readVehicleImportRow. */
export function vehicleImportValuesOf(vehicle: Vehicle): Record<VehicleImportColumn, string> {
  return {
    vin: vehicle.vin,
    make: vehicle.make,
    model: vehicle.model,
    year: String(vehicle.year),
    engine: vehicle.engine ?? '',
    batteryReference: vehicle.batteryReference ?? '',
    notes: vehicle.notes ?? '',
  };
}

/** A battery as an exported row: the inverse of readBatteryImportRow. */
export function batteryImportValuesOf(battery: Battery): Record<BatteryImportColumn, string> {
  const number = (value: number | null) => (value === null ? '' : String(value));
  return {
    reference: battery.reference,
    maker: battery.maker,
    model: battery.model ?? '',
    chemistry: battery.chemistry,
    capacityAh: number(battery.capacityAh),
    coldCrankingAmps: number(battery.coldCrankingAmps),
    voltage: String(battery.voltage),
    notes: battery.notes ?? '',
  };
}
