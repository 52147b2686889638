import { describe, expect, it } from 'vitest';
import {
  batteryBodySchema,
  latestVehicleYear,
  vehicleBodySchema,
  vehicleOfJobTags,
  vehicleYears,
} from './vindb.ts';
import {
  batteryImportColumnOf,
  batteryImportValuesOf,
  readBatteryImportRow,
  readVehicleImportRow,
  vehicleImportColumnOf,
  vehicleImportValuesOf,
} from './vindb-import.ts';

const problems = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => issue.path.join('.')) ?? [];

describe('vehicle records', () => {
  it('take a year from 1950 to next year, the make upper-cased', () => {
    const body = { vin: '1M8GDM9AXKP042788', make: 'Ford ', model: 'F-150', year: 2019 };
    expect(vehicleBodySchema.parse(body)).toMatchObject({ make: 'FORD', model: 'F-150', year: 2019 });
    expect(problems(vehicleBodySchema.safeParse({ ...body, year: 1949 }))).toEqual(['year']);
    expect(problems(vehicleBodySchema.safeParse({ ...body, year: latestVehicleYear() + 1 }))).toEqual([
      'year',
    ]);
    expect(vehicleBodySchema.safeParse({ ...body, year: latestVehicleYear() }).success).toBe(true);
    expect(problems(vehicleBodySchema.safeParse({ ...body, year: 2019.5, make: ' ' }))).toEqual([
      'make',
      'year',
    ]);
  });

  it('offer the years newest first and read a job’s vehicle tags', () => {
    const years = vehicleYears(new Date('2026-03-01T00:00:00Z'));
    expect(years[0]).toBe(2027);
    expect(years.at(-1)).toBe(1950);
    expect(vehicleOfJobTags({ VIN: 'wvwzzz1jz3w386752', MK: 'VOLKSWAGEN', MD: 'GOLF', YE: '2019' })).toEqual({
      vin: 'WVWZZZ1JZ3W386752',
      make: 'VOLKSWAGEN',
      model: 'GOLF',
      year: 2019,
    });
    expect(vehicleOfJobTags({ YE: 'soon' })).toEqual({ vin: null, make: null, model: null, year: null });
  });
});

describe('battery records', () => {
  it('take a known chemistry, numbers with one decimal, an upper-cased reference', () => {
    const body = { reference: 'efb-70', maker: 'VARTA', chemistry: 'efb', voltage: 12, capacityAh: 70.5 };
    expect(batteryBodySchema.parse(body)).toMatchObject({ reference: 'EFB-70', capacityAh: 70.5 });
    expect(
      problems(
        batteryBodySchema.safeParse({
          ...body,
          reference: 'A B',
          chemistry: 'steam',
          voltage: 0,
          capacityAh: 70.55,
          coldCrankingAmps: 1.5,
        }),
      ),
    ).toEqual(['chemistry', 'capacityAh', 'coldCrankingAmps', 'voltage', 'reference']);
  });
});

describe('VIN database files', () => {
  it('match headers as people write them', () => {
    expect(vehicleImportColumnOf('VIN')).toBe('vin');
    expect(vehicleImportColumnOf('Battery')).toBe('batteryReference');
    expect(vehicleImportColumnOf('battery_reference')).toBe('batteryReference');
    expect(batteryImportColumnOf('CCA')).toBe('coldCrankingAmps');
    expect(batteryImportColumnOf('Capacity Ah')).toBe('capacityAh');
    expect(batteryImportColumnOf('colour')).toBeUndefined();
  });

  it('read a vehicle row, each problem by its cell, a wrong optional check digit as a warning', () => {
    expect(
      readVehicleImportRow({ vin: '1m8gdm9axkp042788', make: 'ford', model: 'F-150', year: '2019' }),
    ).toEqual({
      vehicle: {
        vin: '1M8GDM9AXKP042788',
        make: 'FORD',
        model: 'F-150',
        year: 2019,
        engine: undefined,
        batteryReference: undefined,
        notes: undefined,
      },
      errors: [],
      warnings: [],
    });
    const bad = readVehicleImportRow({
      vin: '1M8GDM9A1KP042788',
      make: '',
      model: 'X',
      year: 'new',
      batteryReference: '',
    });
    expect(bad.vehicle).toBeNull();
    expect(bad.errors.map((error) => error.column)).toEqual(['vin', 'make', 'year']);
    expect(bad.errors[0]!.message).toContain('position 9 should be X');
    const german = readVehicleImportRow({
      vin: 'WVWZZZ1JZ3W386750',
      make: 'VW',
      model: 'Golf',
      year: '2003',
    });
    expect(german.errors).toEqual([]);
    expect(german.warnings.map((warning) => warning.column)).toEqual(['vin']);
    expect(german.vehicle?.vin).toBe('WVWZZZ1JZ3W386750');
  });

  it('read a battery row: decimal commas, chemistry names in any case, blanks as nothing', () => {
    const { battery, errors } = readBatteryImportRow({
      reference: 'AGM-95',
      maker: 'Bosch',
      chemistry: 'AGM',
      voltage: '12,0',
      capacityAh: '95',
      coldCrankingAmps: '',
    });
    expect(errors).toEqual([]);
    expect(battery).toMatchObject({ chemistry: 'agm', voltage: 12, capacityAh: 95, coldCrankingAmps: null });
    const bad = readBatteryImportRow({
      reference: 'X',
      maker: 'Y',
      chemistry: 'Lithium Ion',
      voltage: 'twelve',
    });
    expect(bad.errors).toEqual([{ column: 'voltage', message: 'must be a number' }]);
    expect(
      readBatteryImportRow({ reference: 'X', maker: 'Y', chemistry: 'coal' }).errors.map((e) => e.column),
    ).toEqual(['chemistry', 'voltage']);
  });

  it('export rows that read back as the same records', () => {
    const vehicle = {
      vin: '1M8GDM9AXKP042788',
      make: 'FORD',
      model: 'F-150',
      year: 2019,
      engine: '3.5 V6',
      batteryReference: 'EFB-70',
      notes: null,
      updatedAt: '2026-01-01T00:00:00.000Z',
      updatedBy: null,
      checkDigitValid: true,
    };
    expect(readVehicleImportRow(vehicleImportValuesOf(vehicle)).vehicle).toEqual({
      vin: vehicle.vin,
      make: 'FORD',
      model: 'F-150',
      year: 2019,
      engine: '3.5 V6',
      batteryReference: 'EFB-70',
      notes: null,
    });
    const battery = {
      reference: 'EFB-70',
      maker: 'VARTA',
      model: null,
      chemistry: 'efb' as const,
      capacityAh: 70,
      coldCrankingAmps: 760,
      voltage: 12,
      notes: null,
      updatedAt: '2026-01-01T00:00:00.000Z',
      updatedBy: null,
      vehicleCount: 0,
    };
    expect(readBatteryImportRow(batteryImportValuesOf(battery)).battery).toEqual({
      reference: 'EFB-70',
      maker: 'VARTA',
      model: null,
      chemistry: 'efb',
      capacityAh: 70,
      coldCrankingAmps: 760,
      voltage: 12,
      notes: null,
    });
  });
});
