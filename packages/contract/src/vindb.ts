import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { tokenFilterKeys, type SearchTokenDefinition } from './search-tokens.ts';
import { vinFormatSchema, vinSchema } from './vin.ts';

/**
 * The VIN database (docs/insights.md "VIN database"): vehicles by VIN with the make, model and year the
 * jobs' MK, MD and YE tags give, and batteries by their maker's reference.
 */

export const VEHICLE_YEAR_MIN = 1950;
/** Next year's models are sold from this year on. */
export const latestVehicleYear = (now: Date = new Date()) => now.getUTCFullYear() + 1;

export const BATTERY_CHEMISTRIES = [
  'lead-acid',
  'agm',
  'efb',
  'gel',
  'lithium-ion',
  'lifepo4',
  'nimh',
] as const;
export type BatteryChemistry = (typeof BATTERY_CHEMISTRIES)[number];

export const VEHICLE_TEXT_MAX = 64;
export const VINDB_NOTES_MAX = 2000;
export const BATTERY_REFERENCE_MAX = 40;

const text = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((value) => value || null)
    .nullable()
    .optional();

export const vehicleYearSchema = z
  .number()
  .int('must be a whole year')
  .min(VEHICLE_YEAR_MIN, `must be from ${VEHICLE_YEAR_MIN} to next year`)
  .superRefine((year, context) => {
    if (year > latestVehicleYear())
      context.addIssue({ code: 'custom', message: `must be from ${VEHICLE_YEAR_MIN} to next year` });
  })
  .meta({ description: `The model year, from ${VEHICLE_YEAR_MIN} to next year.`, examples: [2019] });

/** A battery's reference as its maker writes it, upper-cased: it names the battery in paths and files. */
export const batteryReferenceSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, { error: 'is required', abort: true })
  .max(BATTERY_REFERENCE_MAX, { error: `must be at most ${BATTERY_REFERENCE_MAX} characters`, abort: true })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be letters, digits, dots, dashes or underscores')
  .meta({ examples: ['EFB-70-680'] });

/** A number with at most one decimal (the columns keep one), in (0, max]. */
const tenths = (max: number) =>
  z
    .number()
    .positive('must be more than 0')
    .max(max, `must be at most ${max}`)
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, 'must have at most one decimal');

export const vehicleChangeSchema = z.object({
  /** Upper-cased, as the jobs' MK tag writes it. */
  make: text(VEHICLE_TEXT_MAX)
    .toUpperCase()
    .meta({ examples: ['FORD'] }),
  model: text(VEHICLE_TEXT_MAX).meta({ examples: ['F-150'] }),
  year: vehicleYearSchema,
  engine: optionalText(VEHICLE_TEXT_MAX),
  /** The battery it takes: a recorded battery's reference. */
  batteryReference: batteryReferenceSchema.nullable().optional(),
  notes: optionalText(VINDB_NOTES_MAX),
});
export type VehicleChange = z.infer<typeof vehicleChangeSchema>;
export type VehicleChangeInput = z.input<typeof vehicleChangeSchema>;

export const vehicleBodySchema = vehicleChangeSchema.extend({ vin: vinSchema }).meta({
  examples: [{ vin: '1FTFW1E50KFA12345', make: 'FORD', model: 'F-150', year: 2019 }],
});
export type VehicleBody = z.infer<typeof vehicleBodySchema>;
export type VehicleBodyInput = z.input<typeof vehicleBodySchema>;

export const batteryChangeSchema = z.object({
  maker: text(VEHICLE_TEXT_MAX).meta({ examples: ['VARTA'] }),
  model: optionalText(VEHICLE_TEXT_MAX),
  chemistry: z.enum(BATTERY_CHEMISTRIES),
  capacityAh: tenths(9999.9).nullable().optional(),
  coldCrankingAmps: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(5000, 'must be at most 5000')
    .nullable()
    .optional(),
  voltage: tenths(999.9).meta({ examples: [12] }),
  notes: optionalText(VINDB_NOTES_MAX),
});
export type BatteryChange = z.infer<typeof batteryChangeSchema>;
export type BatteryChangeInput = z.input<typeof batteryChangeSchema>;

export const batteryBodySchema = batteryChangeSchema.extend({ reference: batteryReferenceSchema }).meta({
  examples: [{ reference: 'EFB-70-680', maker: 'VARTA', chemistry: 'efb', voltage: 12 }],
});
export type BatteryBody = z.infer<typeof batteryBodySchema>;
export type BatteryBodyInput = z.input<typeof batteryBodySchema>;

export const vinParamsSchema = z.object({ vin: vinFormatSchema });
export const batteryParamsSchema = z.object({ reference: batteryReferenceSchema });

const changed = {
  updatedAt: z.string(),
  /** The name of who last changed it; null once that user is removed. */
  updatedBy: z.string().nullable(),
};

export const batterySchema = z.object({
  reference: z.string(),
  maker: z.string(),
  model: z.string().nullable(),
  chemistry: z.enum(BATTERY_CHEMISTRIES),
  capacityAh: z.number().nullable(),
  coldCrankingAmps: z.number().int().nullable(),
  voltage: z.number(),
  notes: z.string().nullable(),
  ...changed,
  /** Vehicles that name it: while there are any, it cannot be deleted. */
  vehicleCount: z.number().int(),
});
export type Battery = z.infer<typeof batterySchema>;

export const vehicleSchema = z.object({
  vin: z.string(),
  make: z.string(),
  model: z.string(),
  year: z.number().int(),
  engine: z.string().nullable(),
  batteryReference: z.string().nullable(),
  notes: z.string().nullable(),
  ...changed,
  /** False where a region that may leave the check digit out has a wrong one (accepted, with a warning). */
  checkDigitValid: z.boolean(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** A vehicle's page: the record and the battery it names. */
export const vehicleDetailSchema = vehicleSchema.extend({ battery: batterySchema.nullable() });
export type VehicleDetail = z.infer<typeof vehicleDetailSchema>;

export const vehicleListAnswerSchema = z.object({
  vehicles: z.array(vehicleSchema),
  totalCount: z.number().int(),
});
export const batteryListAnswerSchema = z.object({
  batteries: z.array(batterySchema),
  totalCount: z.number().int(),
});
/** The makes recorded, for the make filter. */
export const vehicleMakesAnswerSchema = z.object({ makes: z.array(z.string()) });

export const VEHICLE_SORT_COLUMNS = ['Vin', 'Make', 'Model', 'Year', 'UpdatedAt'] as const;
export const BATTERY_SORT_COLUMNS = ['Reference', 'Maker', 'CapacityAh', 'Voltage', 'UpdatedAt'] as const;

export const VEHICLE_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Search', label: 'vindb.filters.search', kind: 'text', unique: true, order: 0 },
  { type: 'Make', label: 'vindb.filters.make', kind: 'choice', order: 1 },
  { type: 'Year', label: 'vindb.filters.year', kind: 'choice', order: 2 },
  { type: 'Battery', label: 'vindb.filters.battery', kind: 'text', unique: true, order: 3 },
];

export const BATTERY_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Search', label: 'vindb.filters.search', kind: 'text', unique: true, order: 0 },
  {
    type: 'Chemistry',
    label: 'vindb.filters.chemistry',
    kind: 'choice',
    choices: BATTERY_CHEMISTRIES,
    order: 1,
  },
];

/** The vehicles list as the URL keeps it: by VIN, 20 a page. */
export const VEHICLE_LIST: ListDefinition = {
  sortColumns: VEHICLE_SORT_COLUMNS,
  filters: tokenFilterKeys(VEHICLE_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

export const BATTERY_LIST: ListDefinition = {
  sortColumns: BATTERY_SORT_COLUMNS,
  filters: tokenFilterKeys(BATTERY_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

/** The years a vehicle may have, newest first: the year filter's choices. */
export function vehicleYears(now: Date = new Date()): number[] {
  const latest = latestVehicleYear(now);
  return Array.from({ length: latest - VEHICLE_YEAR_MIN + 1 }, (_, index) => latest - index);
}

/** A job's vehicle tags (jobs spec: VIN, MK, MD, YE) as a new vehicle's fields. */
export function vehicleOfJobTags(data: Readonly<Record<string, unknown>>): {
  vin: string | null;
  make: string | null;
  model: string | null;
  year: number | null;
} {
  const tag = (name: string) => {
    const value = data[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value).trim() || null : null;
  };
  const year = tag('YE');
  return {
    vin: tag('VIN')?.toUpperCase() ?? null,
    make: tag('MK'),
    model: tag('MD'),
    year: year && /^\d{4}$/.test(year) ? Number(year) : null,
  };
}
