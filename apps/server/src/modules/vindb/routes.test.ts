import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { checkVin, vinCheckDigit } from '@fleet/contract';
import { auditLog, batteries, jobs, vehicles } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { multipartBody } from '../../../test/uploads.ts';
import { taskFile } from '../../../test/tasks.ts';
import { draftOf } from '../../../test/table-imports.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);
const fieldsOf = (response: { json: () => { details?: { field: string }[] } }) =>
  response.json().details?.map((detail) => detail.field);

/** The VIN with its check digit made right (position 9), or wrong when `right` is false. */
function withCheckDigit(vin: string, right = true): string {
  const digit = vinCheckDigit(vin);
  const wrong = digit === '0' ? '1' : '0';
  return `${vin.slice(0, 8)}${right ? digit : wrong}${vin.slice(9)}`;
}

const vehicleCount = async () => (await server.database.db.select({ n: count() }).from(vehicles))[0]!.n;
const auditOf = (subjectId: string) =>
  server.database.db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.subjectId, subjectId))
    .orderBy(auditLog.id);

describe('vehicle records', () => {
  it('creates (VIN upper-cased), reads, changes and deletes a vehicle, each change audited', async () => {
    const vin = withCheckDigit('1FTFW1E50KFA00001');
    const created = await call('database-manager', 'POST', '/api/Vehicles', {
      vin: vin.toLowerCase(),
      make: 'Ford',
      model: 'F-150',
      year: 2019,
      engine: '3.5 EcoBoost V6',
      batteryReference: 'h6-gp-48',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      vin,
      make: 'FORD',
      batteryReference: 'H6-GP-48',
      checkDigitValid: true,
      battery: { reference: 'H6-GP-48', chemistry: 'agm' },
      updatedBy: 'Database manager (demo)',
    });
    const read = await call('database-user', 'GET', `/api/Vehicles/${vin.toLowerCase()}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().model).toBe('F-150');

    const changed = await call('database-manager', 'PUT', `/api/Vehicles/${vin}`, {
      make: 'FORD',
      model: 'F-150 Lightning',
      year: 2023,
      batteryReference: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      model: 'F-150 Lightning',
      year: 2023,
      engine: null,
      battery: null,
    });

    expect((await call('database-manager', 'DELETE', `/api/Vehicles/${vin}`)).statusCode).toBe(204);
    expect((await call('database-manager', 'GET', `/api/Vehicles/${vin}`)).statusCode).toBe(404);
    const entries = await auditOf(vin);
    expect(entries.map((entry) => entry.action)).toEqual([
      'vehicle.create',
      'vehicle.update',
      'vehicle.delete',
    ]);
    expect(entries[1]!.details).toMatchObject({
      changes: { model: { from: 'F-150', to: 'F-150 Lightning' }, year: { from: 2019, to: 2023 } },
    });
  });

  it('refuses a wrong check digit on North American and Chinese VINs, naming the VIN, writing nothing', async () => {
    const before = await vehicleCount();
    for (const vin of [
      withCheckDigit('1M8GDM9AXKP042788', false),
      withCheckDigit('LGXCE4CB0P0000002', false),
    ]) {
      const refused = await call('database-manager', 'POST', '/api/Vehicles', {
        vin,
        make: 'ANY',
        model: 'ANY',
        year: 2020,
      });
      expect(refused.statusCode, vin).toBe(400);
      expect(fieldsOf(refused)).toEqual(['body.vin']);
      expect(refused.json().message).toContain('wrong check digit: position 9 should be');
    }
    expect(await vehicleCount()).toBe(before);
  });

  it('accepts a wrong check digit elsewhere, saying so in the answer', async () => {
    const vin = withCheckDigit('WVWZZZ1JZ3W386752', false);
    const created = await call('administrator', 'POST', '/api/Vehicles', {
      vin,
      make: 'VOLKSWAGEN',
      model: 'GOLF',
      year: 2003,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().checkDigitValid).toBe(false);
    const listed = await call('administrator', 'GET', `/api/Vehicles?Search=${vin}`);
    expect(listed.json().vehicles).toMatchObject([{ vin, checkDigitValid: false }]);
  });

  it('names each field it refuses: VIN form, year, make, an unknown battery; a VIN recorded already is a 409', async () => {
    const malformed = await call('database-manager', 'POST', '/api/Vehicles', {
      vin: 'IOQ',
      make: ' ',
      model: 'X',
      year: 1949,
    });
    expect(malformed.statusCode).toBe(400);
    expect(fieldsOf(malformed)).toEqual(['body.make', 'body.year', 'body.vin']);
    const nextYear = new Date().getUTCFullYear() + 2;
    const future = await call('database-manager', 'POST', '/api/Vehicles', {
      vin: withCheckDigit('2HGFC2F50LH000001'),
      make: 'HONDA',
      model: 'CIVIC',
      year: nextYear,
    });
    expect(fieldsOf(future)).toEqual(['body.year']);
    const body = { vin: withCheckDigit('2HGFC2F50LH000001'), make: 'HONDA', model: 'CIVIC', year: 2020 };
    const unknown = await call('database-manager', 'POST', '/api/Vehicles', {
      ...body,
      batteryReference: 'NO-SUCH-BATTERY',
    });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['body.batteryReference']);
    expect((await call('database-manager', 'POST', '/api/Vehicles', body)).statusCode).toBe(201);
    const again = await call('database-manager', 'POST', '/api/Vehicles', body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('recorded already');
    expect(
      (await call('database-manager', 'PUT', `/api/Vehicles/${withCheckDigit('3VWFE21C04M000001')}`, body))
        .statusCode,
    ).toBe(404);
    expect((await call('database-manager', 'GET', '/api/Vehicles/NOT-A-VIN')).statusCode).toBe(400);
  });

  it('records one vehicle when eight requests race for one VIN', async () => {
    const vin = withCheckDigit('5YJ3E1EA0KF000001');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call('database-manager', 'POST', '/api/Vehicles', {
          vin,
          make: 'TESLA',
          model: 'MODEL 3',
          year: 2019,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      201, 409, 409, 409, 409, 409, 409, 409,
    ]);
  });
});

describe('battery records', () => {
  it('creates, changes and deletes a battery; one a vehicle names is kept (409)', async () => {
    const created = await call('database-manager', 'POST', '/api/Batteries', {
      reference: 'test-efb-65',
      maker: 'Varta',
      chemistry: 'efb',
      capacityAh: 65,
      coldCrankingAmps: 650,
      voltage: 12,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ reference: 'TEST-EFB-65', vehicleCount: 0, capacityAh: 65 });
    const vin = withCheckDigit('1G1ZD5ST0JF000001');
    expect(
      (
        await call('database-manager', 'POST', '/api/Vehicles', {
          vin,
          make: 'CHEVROLET',
          model: 'MALIBU',
          year: 2018,
          batteryReference: 'TEST-EFB-65',
        })
      ).statusCode,
    ).toBe(201);
    expect((await call('database-user', 'GET', '/api/Batteries/TEST-EFB-65')).json().vehicleCount).toBe(1);
    const named = await call('database-manager', 'DELETE', '/api/Batteries/TEST-EFB-65');
    expect(named.statusCode).toBe(409);
    expect(named.json().message).toContain('named by 1 vehicle');

    const changed = await call('database-manager', 'PUT', '/api/Batteries/TEST-EFB-65', {
      maker: 'VARTA',
      chemistry: 'agm',
      voltage: 12.5,
    });
    expect(changed.json()).toMatchObject({ chemistry: 'agm', voltage: 12.5, capacityAh: null });
    await call('database-manager', 'DELETE', `/api/Vehicles/${vin}`);
    expect((await call('database-manager', 'DELETE', '/api/Batteries/TEST-EFB-65')).statusCode).toBe(204);
    expect((await auditOf('TEST-EFB-65')).map((entry) => entry.action)).toEqual([
      'battery.create',
      'battery.update',
      'battery.delete',
    ]);
  });

  it('names each field it refuses, and a reference recorded already is a 409', async () => {
    const refused = await call('database-manager', 'POST', '/api/Batteries', {
      reference: 'A/B',
      maker: 'X',
      chemistry: 'coal',
      voltage: 0,
      capacityAh: 1.25,
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused)).toEqual([
      'body.chemistry',
      'body.capacityAh',
      'body.voltage',
      'body.reference',
    ]);
    const again = await call('database-manager', 'POST', '/api/Batteries', {
      reference: 'EFB-70-760',
      maker: 'X',
      chemistry: 'efb',
      voltage: 12,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('the lists', () => {
  it('filter vehicles by make, year, battery and text, sorted and paged', async () => {
    const makes = (await call('database-user', 'GET', '/api/Vehicles/Makes')).json().makes as string[];
    expect(makes).toEqual(expect.arrayContaining(['FORD', 'VOLKSWAGEN', 'BYD']));
    const fords = await call(
      'database-user',
      'GET',
      '/api/Vehicles?Make=ford&Year=2019&Year=2020&SortColumnName=Model&PageSize=100',
    );
    expect(fords.statusCode, fords.body).toBe(200);
    const listed = fords.json().vehicles as { make: string; year: number; model: string }[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((vehicle) => vehicle.make === 'FORD' && [2019, 2020].includes(vehicle.year))).toBe(
      true,
    );
    expect(listed.map((vehicle) => vehicle.model)).toEqual(listed.map((vehicle) => vehicle.model).sort());
    const [counted] = await server.database.db
      .select({ n: count() })
      .from(vehicles)
      .where(sql`${vehicles.make} = 'FORD' and ${vehicles.year} in (2019, 2020)`);
    expect(fords.json().totalCount).toBe(counted!.n);

    const byd = await call(
      'database-user',
      'GET',
      '/api/Vehicles?Battery=lfp-12-40&PageSize=10&PageNumber=2',
    );
    expect(byd.json().vehicles.every((vehicle: { make: string }) => vehicle.make === 'BYD')).toBe(true);
    const bad = await call('database-user', 'GET', '/api/Vehicles?Year=1900&Battery=a%20b');
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(['query.Year', 'query.Battery']);
  });

  it('filter batteries by chemistry, sorted by capacity with the unknown ones last', async () => {
    const listed = await call(
      'database-user',
      'GET',
      '/api/Batteries?Chemistry=AGM&Chemistry=efb&SortColumnName=CapacityAh&SortOrder=DESC',
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json().batteries as { chemistry: string; capacityAh: number; vehicleCount: number }[];
    expect(new Set(rows.map((row) => row.chemistry))).toEqual(new Set(['agm', 'efb']));
    expect(rows.map((row) => row.capacityAh)).toEqual(
      rows.map((row) => row.capacityAh).sort((a, b) => b - a),
    );
    expect(rows.some((row) => row.vehicleCount > 0)).toBe(true);
    expect((await call('database-user', 'GET', '/api/Batteries?Chemistry=coal')).statusCode).toBe(400);
  });
});

describe('the demo VIN database', () => {
  it('records the vehicles of most demo jobs with their tags, and every demo VIN passes its check digit', async () => {
    const rows = await server.database.db
      .select({ data: jobs.data, vehicle: vehicles })
      .from(jobs)
      .leftJoin(vehicles, sql`${vehicles.vin} = ${jobs.data}->>'VIN'`)
      .where(isNotNull(sql`${jobs.data}->>'VIN'`))
      .limit(500);
    expect(rows.length).toBeGreaterThan(100);
    const data = rows.map((row) => row.data as Record<string, string>);
    expect(data.filter((tags) => checkVin(tags.VIN!).problem)).toEqual([]);
    const recorded = rows.filter((row) => row.vehicle);
    expect(recorded.length / rows.length).toBeGreaterThan(0.6);
    expect(recorded.length).toBeLessThan(rows.length);
    for (const { data: tags, vehicle } of recorded) {
      const job = tags as Record<string, string>;
      expect(vehicle).toMatchObject({ make: job.MK, model: job.MD, year: Number(job.YE) });
    }
    expect((await server.database.db.select({ n: count() }).from(batteries))[0]!.n).toBeGreaterThanOrEqual(8);
  });
});

describe('importing vehicles and batteries', () => {
  const upload = async (user: string, kind: 'Vehicles' | 'Batteries', lines: string[]) => {
    const { payload, headers } = multipartBody({}, [
      { name: `${kind}.csv`, bytes: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`) },
    ]);
    return server.app.inject({
      method: 'POST',
      url: `/api/${kind}/Import/Preview`,
      headers: { ...headers, authorization: `Bearer ${await server.tokenFor(user)}` },
      payload,
    });
  };
  const good = withCheckDigit('1FMCU9G60LU000001');
  const existing = withCheckDigit('1FMCU9G60LU000002');
  const badDigit = withCheckDigit('1FMCU9G60LU000003', false);
  const german = withCheckDigit('WBA8E9G50GN000001', false);

  it('previews each row with its problems by cell, a warning where a check digit is optional, writing nothing', async () => {
    await call('database-manager', 'POST', '/api/Vehicles', {
      vin: existing,
      make: 'FORD',
      model: 'ESCAPE',
      year: 2019,
      notes: 'kept',
    });
    const before = await vehicleCount();
    const answer = await upload('database-manager', 'Vehicles', [
      'VIN;Make;Model;Year;Battery',
      `${good};Ford;Escape;2020;H6-GP-48`,
      `${existing};Ford;Escape;2021;`,
      `${badDigit};Ford;Escape;2020;NO-SUCH`,
      `${german};BMW;320i;2016;`,
      `${good};Ford;Kuga;2020;`,
    ]);
    expect(answer.statusCode, answer.body).toBe(200);
    const { columns, rows } = answer.json();
    expect(columns).toEqual(['vin', 'make', 'model', 'year', 'batteryReference']);
    expect(rows.map((row: { action: string | null }) => row.action)).toEqual([
      'create',
      'update',
      null,
      'create',
      null,
    ]);
    expect(rows[2].errors).toEqual([
      { column: 'vin', message: expect.stringContaining('wrong check digit') },
      {
        column: 'batteryReference',
        message: 'is not a recorded battery (NO-SUCH)',
        rule: { kind: 'unknown' },
      },
    ]);
    expect(rows[3].warnings).toEqual([{ column: 'vin', message: expect.stringContaining('should be') }]);
    expect(rows[4].errors).toEqual([
      { column: 'vin', message: 'is already the VIN of row 2', rule: { kind: 'repeated', row: 2 } },
    ]);
    expect(await vehicleCount()).toBe(before);
  });

  it('imports all rows or none: one bad row is a 400 naming it and writes nothing; fixed, it creates and updates', async () => {
    const rows = [
      {
        line: 2,
        values: { vin: good, make: 'Ford', model: 'Escape', year: '2020', batteryReference: 'H6-GP-48' },
      },
      { line: 3, values: { vin: existing, make: 'Ford', model: 'Escape', year: '2021' } },
      { line: 4, values: { vin: badDigit, make: 'Ford', model: 'Escape', year: '2020' } },
    ];
    const before = await vehicleCount();
    const draft = await draftOf(server, 'database-manager', '/api/Vehicles/Import', rows);
    const refused = await call('database-manager', 'POST', '/api/Vehicles/Import', { draft });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('1 of 3 rows have errors (first: row 4): nothing was imported');
    expect(fieldsOf(refused)).toEqual(['rows.4.vin']);
    expect(await vehicleCount()).toBe(before);
    expect((await call('database-manager', 'GET', `/api/Vehicles/${good}`)).statusCode).toBe(404);

    const changes = [{ ...rows[2]!, values: { ...rows[2]!.values, vin: withCheckDigit(badDigit) } }];
    const checked = await call('database-manager', 'POST', '/api/Vehicles/Import/Check', { draft, changes });
    expect(checked.json().rows.every((row: { errors: unknown[] }) => row.errors.length === 0)).toBe(true);
    const imported = await call('database-manager', 'POST', '/api/Vehicles/Import', { draft, changes });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ created: 2, updated: 1 });
    const updated = (await call('database-user', 'GET', `/api/Vehicles/${existing}`)).json();
    // The file has no notes column: the vehicle keeps its notes.
    expect(updated).toMatchObject({ year: 2021, notes: 'kept' });
    expect((await auditOf(good))[0]).toMatchObject({ action: 'vehicle.create', details: { import: true } });
  });

  it('imports batteries, reading numbers with decimal commas, and refuses a bad file naming it', async () => {
    const preview = await upload('administrator', 'Batteries', [
      'reference,maker,chemistry,voltage,capacity,CCA',
      'IMP-AGM-1,Bosch,AGM,"12,0",92,850',
      'IMP-AGM-2,Bosch,coal,twelve,,',
    ]);
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().rows;
    expect(rows[0]).toMatchObject({ action: 'create', errors: [] });
    expect(rows[1].errors.map((error: { column: string }) => error.column)).toEqual(['chemistry', 'voltage']);
    const imported = await call('administrator', 'POST', '/api/Batteries/Import', {
      draft: preview.json().draft,
      changes: [{ line: 3, values: { ...rows[1].values, chemistry: 'AGM', voltage: '12' } }],
    });
    expect(imported.json()).toEqual({ created: 2, updated: 0 });
    expect((await call('administrator', 'GET', '/api/Batteries/IMP-AGM-1')).json()).toMatchObject({
      chemistry: 'agm',
      voltage: 12,
      capacityAh: 92,
      coldCrankingAmps: 850,
    });
    const wrongHeader = await upload('administrator', 'Batteries', ['reference,colour', 'X,red']);
    expect(wrongHeader.statusCode).toBe(400);
    expect(fieldsOf(wrongHeader)).toEqual(['body.file']);
  });
});

describe('exporting', () => {
  it('writes the filtered vehicles as a CSV task with the import columns', async () => {
    const request = { ExportDescription: 'BYD vehicles', ExportType: 'CSV', Filters: { Make: ['BYD'] } };
    const asked = await call('administrator', 'POST', '/api/Vehicles/Export', request);
    expect(asked.statusCode, asked.body).toBe(202);
    // Database users read the records but have no task list to collect a file from (spec §6 TASKS).
    expect((await call('database-user', 'POST', '/api/Vehicles/Export', request)).statusCode).toBe(403);
    const { file } = await taskFile(server, 'administrator', asked.json().requestId);
    const records = parse(file.toString('utf8'), { bom: true, columns: true }) as Record<string, string>[];
    const listed = await call('database-user', 'GET', '/api/Vehicles?Make=BYD&PageSize=100');
    expect(records.length).toBe(listed.json().totalCount);
    expect(Object.keys(records[0]!)).toEqual([
      'vin',
      'make',
      'model',
      'year',
      'engine',
      'batteryReference',
      'notes',
    ]);
    expect(records.every((record) => record.make === 'BYD' && record.batteryReference === 'LFP-12-40')).toBe(
      true,
    );
    const unknown = await call('administrator', 'POST', '/api/Batteries/Export', {
      ExportDescription: 'x',
      ExportType: 'CSV',
      Filters: { Make: 'BYD' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(fieldsOf(unknown)).toEqual(['body.Filters.Make']);
  });
});

describe('rights per feature', () => {
  it('lets database users read, their managers and administrators write, and nobody else in', async () => {
    const body = { vin: withCheckDigit('1N4AL3AP0JC000001'), make: 'NISSAN', model: 'ALTIMA', year: 2018 };
    expect((await call('database-user', 'POST', '/api/Vehicles', body)).statusCode).toBe(403);
    expect((await call('database-user', 'DELETE', '/api/Batteries/GEL-12-100')).statusCode).toBe(403);
    const noDraft = { draft: '00000000-0000-4000-8000-000000000000' };
    expect((await call('database-user', 'POST', '/api/Vehicles/Import', noDraft)).statusCode).toBe(403);
    expect((await call('database-user', 'GET', '/api/Vehicles')).statusCode).toBe(200);
    expect((await call('old-super-user', 'POST', '/api/Vehicles', body)).statusCode).toBe(201);
    for (const role of ['support-manager', 'customer-engineering-manager', 'factory-user'])
      for (const url of ['/api/Vehicles', '/api/Batteries', `/api/Vehicles/${body.vin}`])
        expect((await call(role, 'GET', url)).statusCode, `${role} ${url}`).toBe(403);
  });
});
