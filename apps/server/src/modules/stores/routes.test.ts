import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { NO_STORE_OR_GROUP_MESSAGE, STORE_IMPORT_COLUMNS } from '@fleet/contract';
import { series, stores } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { multipartBody } from '../../../test/uploads.ts';
import { draftOf } from '../../../test/table-imports.ts';
import { taskFile } from '../../../test/tasks.ts';
import { parse } from 'csv-parse/sync';

let server: TestServer;
let customerCompanyId: string;
beforeAll(async () => {
  server = await startTestServer();
  customerCompanyId = await server.demoCustomerCompanyId();
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);

async function activeDeviceWithoutStore(companyId?: string) {
  const [device] = await server.database.db
    .select()
    .from(series)
    .where(
      and(
        eq(series.deviceStatus, 'A'),
        isNull(series.storeId),
        companyId ? eq(series.companyId, companyId) : isNotNull(series.groupId),
      ),
    )
    .limit(1);
  return device!;
}

/** Active stores of the device's own company and group (codes are unique within a company only). */
async function activeStoresOf(device: { groupId: number | null; companyId: string | null }, count: number) {
  return server.database.db
    .select()
    .from(stores)
    .where(
      and(
        eq(stores.storeStatus, 0),
        eq(stores.groupId, device.groupId!),
        eq(stores.companyId, device.companyId!),
      ),
    )
    .limit(count);
}

describe('attaching devices to stores', () => {
  it('attaches, edits the code, and detaches, refreshing the device', async () => {
    const device = await activeDeviceWithoutStore(customerCompanyId);
    // A device goes to a store of its own company (codes are unique within a company only).
    const [store, other] = await activeStoresOf(device, 2);
    const attached = await call('support-manager', 'POST', `/api/Series/${device.serialNumber}/store`, {
      storeCode: store!.officialStoreCode,
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().officialStoreCode).toBe(store!.officialStoreCode);
    if (other) {
      const edited = await call('support-manager', 'POST', `/api/Series/${device.serialNumber}/store`, {
        storeCode: other.officialStoreCode,
      });
      expect(edited.json().officialStoreCode).toBe(other.officialStoreCode);
    }
    const current = (other ?? store)!.officialStoreCode;
    const wrongCode = await call(
      'support-manager',
      'DELETE',
      `/api/Series/${device.serialNumber}/store?officialStoreCode=NOT-IT`,
    );
    expect(wrongCode.statusCode).toBe(409);
    const detached = await call(
      'support-manager',
      'DELETE',
      `/api/Series/${device.serialNumber}/store?officialStoreCode=${current}`,
    );
    expect(detached.statusCode).toBe(200);
    expect(detached.json().officialStoreCode).toBeNull();
  });

  it("keeps the device's dealer code, suggests the store's, and takes it when asked", async () => {
    const db = server.database.db;
    const device = await activeDeviceWithoutStore(customerCompanyId);
    const [store] = await activeStoresOf(device, 1);
    await db.update(stores).set({ dealerCode: 'D-STORE' }).where(eq(stores.id, store!.id));
    await db.update(series).set({ dealerCode: 'D-OWN' }).where(eq(series.id, device.id));
    const path = `/api/Series/${device.serialNumber}/store`;

    const attached = await call('support-manager', 'POST', path, { storeCode: store!.officialStoreCode });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().dealerCode).toBe('D-OWN');
    expect(attached.json().storeAttachment).toEqual({
      storeCode: store!.officialStoreCode,
      officialStoreCode: store!.officialStoreCode,
      dealerCodeSuggestion: 'D-STORE',
    });
    // Roles that do not attach stores are not told about attachments.
    const read = await call('customer-engineering-user', 'GET', `/api/Series/${device.serialNumber}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().officialStoreCode).toBe(store!.officialStoreCode);
    expect(read.json()).not.toHaveProperty('storeAttachment');

    const taken = await call('support-manager', 'POST', path, {
      storeCode: store!.officialStoreCode,
      dealerCode: 'D-STORE',
    });
    expect(taken.json().dealerCode).toBe('D-STORE');
    expect(taken.json().storeAttachment.dealerCodeSuggestion).toBeNull();
    const log = await call(
      'administrator',
      'GET',
      `/api/AuditLog?SubjectType=series&SubjectId=${device.id}&Action=series.store`,
    );
    expect(log.json().data[0].details).toMatchObject({ dealerCode: { from: 'D-OWN', to: 'D-STORE' } });

    // A device without a dealer code takes the store's.
    await db.update(series).set({ dealerCode: null, storeId: null }).where(eq(series.id, device.id));
    const fresh = await call('support-manager', 'POST', path, { storeCode: store!.officialStoreCode });
    expect(fresh.json().dealerCode).toBe('D-STORE');
  });

  it('answers the spec message for an unknown, archived or other-group store', async () => {
    const device = await activeDeviceWithoutStore();
    const [archived] = await server.database.db
      .select()
      .from(stores)
      .where(eq(stores.storeStatus, 1))
      .limit(1);
    const [otherGroup] = await server.database.db
      .select()
      .from(stores)
      .where(and(ne(stores.groupId, device.groupId!), eq(stores.storeStatus, 0)))
      .limit(1);
    for (const storeCode of ['NO-SUCH-STORE', archived!.officialStoreCode, otherGroup!.officialStoreCode]) {
      const response = await call('support-user', 'POST', `/api/Series/${device.serialNumber}/store`, {
        storeCode,
      });
      expect(response.statusCode, storeCode).toBe(400);
      expect(response.json().message).toBe(NO_STORE_OR_GROUP_MESSAGE);
    }
  });

  it('checks the store code: required, at most 100 characters', async () => {
    const device = await activeDeviceWithoutStore();
    for (const storeCode of ['', '   ', 'x'.repeat(101)]) {
      const response = await call('support-user', 'POST', `/api/Series/${device.serialNumber}/store`, {
        storeCode,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].field).toBe('body.storeCode');
    }
  });

  it('refuses roles without the store right and devices in other states', async () => {
    const device = await activeDeviceWithoutStore();
    const [store] = await server.database.db.select().from(stores).where(eq(stores.storeStatus, 0)).limit(1);
    expect(
      (
        await call('factory-manager', 'POST', `/api/Series/${device.serialNumber}/store`, {
          storeCode: store!.officialStoreCode,
        })
      ).statusCode,
    ).toBe(403);
    const [discarded] = await server.database.db
      .select()
      .from(series)
      .where(eq(series.deviceStatus, 'I'))
      .limit(1);
    expect(
      (
        await call('support-manager', 'POST', `/api/Series/${discarded!.serialNumber}/store`, {
          storeCode: store!.officialStoreCode,
        })
      ).statusCode,
    ).toBe(409);
  });
});

describe('store records', () => {
  it('creates, changes, lists and deletes a store', async () => {
    const created = await call('support-config', 'POST', '/api/Store', {
      officialStoreCode: 'E2E-STORE-1',
      name: 'Garage du Centre',
      dealerCode: 'DFR1234',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(
      (
        await call('support-config', 'POST', '/api/Store', {
          officialStoreCode: 'E2E-STORE-1',
          name: 'Again',
        })
      ).statusCode,
    ).toBe(409);
    const changed = await call('support-config', 'PUT', `/api/Store/${id}`, {
      officialStoreCode: 'E2E-STORE-2',
      name: 'Garage du Centre',
    });
    expect(changed.json().officialStoreCode).toBe('E2E-STORE-2');
    const listed = await call('business', 'GET', '/api/Store?Search=E2E-STORE');
    expect(listed.json().stores.map((s: { id: number }) => s.id)).toEqual([id]);
    expect((await call('business', 'DELETE', `/api/Store/${id}`)).statusCode).toBe(403);
    expect((await call('support-config', 'DELETE', `/api/Store/${id}`)).statusCode).toBe(204);
    expect((await call('support-config', 'GET', `/api/Store/${id}`)).statusCode).toBe(404);
  });

  it('creates one store when eight requests race for one code', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, n) =>
        call('support-config', 'POST', '/api/Store', { officialStoreCode: 'RACE-1', name: `Race ${n}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });

  it('refuses a company or group that does not exist, naming the field', async () => {
    const response = await call('administrator', 'POST', '/api/Store', {
      officialStoreCode: 'NOWHERE-1',
      name: 'Nowhere',
      companyId: '00000000-0000-4000-8000-00000000dead',
      groupId: 999_999,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.map((d: { field: string }) => d.field)).toEqual([
      'body.companyId',
      'body.groupId',
    ]);
  });

  it('keeps store codes to each company: another company may use the same code, unseen', async () => {
    const [foreign] = await server.database.db
      .select()
      .from(stores)
      .where(ne(stores.companyId, customerCompanyId))
      .limit(1);
    const created = await call('customer-engineering-manager', 'POST', '/api/Store', {
      officialStoreCode: foreign!.officialStoreCode,
      name: 'Same code, other company',
    });
    expect(created.statusCode, created.body).toBe(201);
    const again = await call('customer-engineering-manager', 'POST', '/api/Store', {
      officialStoreCode: foreign!.officialStoreCode,
      name: 'Twice in one company',
    });
    expect(again.statusCode).toBe(409);
  });

  it('keeps a customer manager to the stores of their company', async () => {
    const listed = await call('customer-engineering-manager', 'GET', '/api/Store?PageSize=100');
    expect(listed.statusCode).toBe(200);
    const own = await server.database.db.select().from(stores).where(eq(stores.companyId, customerCompanyId));
    expect(listed.json().totalCount).toBe(own.length);
    const created = await call('customer-engineering-manager', 'POST', '/api/Store', {
      officialStoreCode: 'CUST-NEW-1',
      name: 'Second site',
      companyId: null,
    });
    expect(created.json().companyId).toBe(customerCompanyId);
    const [foreign] = await server.database.db
      .select()
      .from(stores)
      .where(ne(stores.companyId, customerCompanyId))
      .limit(1);
    expect((await call('customer-engineering-manager', 'GET', `/api/Store/${foreign!.id}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses to delete a store that still has devices', async () => {
    const [withDevices] = await server.database.db
      .select({ id: stores.id })
      .from(stores)
      .innerJoin(series, eq(series.storeId, stores.id))
      .limit(1);
    const response = await call('administrator', 'DELETE', `/api/Store/${withDevices!.id}`);
    expect(response.statusCode, response.body).toBe(409);
  });
});

describe('the stores tool', () => {
  it('filters by company, group, status and city, and sorts by device count', async () => {
    const byCompany = await call(
      'administrator',
      'GET',
      `/api/Store?Company=${customerCompanyId}&PageSize=100`,
    );
    expect(byCompany.statusCode, byCompany.body).toBe(200);
    const theirs = byCompany.json().stores as { companyId: string; groupId: number; deviceCount: number }[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((store) => store.companyId === customerCompanyId)).toBe(true);

    const group = theirs.find((store) => store.groupId !== null)!.groupId;
    const byGroupCall = await call('administrator', 'GET', `/api/Store?Group=${group}&PageSize=100`);
    expect(byGroupCall.statusCode, byGroupCall.body).toBe(200);
    const byGroup = byGroupCall.json();
    expect(byGroup.stores.every((store: { groupId: number }) => store.groupId === group)).toBe(true);

    const [withCity] = await server.database.db
      .select()
      .from(stores)
      .where(isNotNull(stores.address))
      .limit(1);
    const city = (withCity!.address as { locality: string }).locality;
    const byCity = (
      await call('administrator', 'GET', `/api/Store?Search=${encodeURIComponent(city)}`)
    ).json();
    expect(byCity.stores.map((store: { id: number }) => store.id)).toContain(withCity!.id);

    const sorted = (
      await call('administrator', 'GET', '/api/Store?SortColumnName=DeviceCount&SortOrder=DESC&PageSize=100')
    ).json().stores as { deviceCount: number }[];
    for (let i = 1; i < sorted.length; i++)
      expect(sorted[i - 1]!.deviceCount).toBeGreaterThanOrEqual(sorted[i]!.deviceCount);

    const bad = await call('administrator', 'GET', '/api/Store?Company=not-an-id&Group=x');
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['query.Company', 'query.Group']);
  });

  it("lists a store's devices, and a customer only their own company's stores", async () => {
    const [store] = await server.database.db
      .select()
      .from(stores)
      .where(eq(stores.companyId, customerCompanyId))
      .limit(1);
    const devices = await call(
      'customer-engineering-manager',
      'GET',
      `/api/Store/${store!.id}/devices?PageSize=10`,
    );
    expect(devices.statusCode, devices.body).toBe(200);
    const answer = devices.json() as { data: { serialNumber: string }[]; totalCount: number };
    const attached = await server.database.db.select().from(series).where(eq(series.storeId, store!.id));
    expect(answer.totalCount).toBe(attached.length);
    expect(answer.data.length).toBe(Math.min(10, attached.length));

    const [foreign] = await server.database.db
      .select()
      .from(stores)
      .where(ne(stores.companyId, customerCompanyId))
      .limit(1);
    expect(
      (await call('customer-engineering-manager', 'GET', `/api/Store/${foreign!.id}/devices`)).statusCode,
    ).toBe(404);
    const listed = (await call('customer-engineering-manager', 'GET', '/api/Store?PageSize=100')).json();
    expect(listed.stores.every((s: { companyId: string }) => s.companyId === customerCompanyId)).toBe(true);
  });
});

describe('the directory', () => {
  it('gives internal members every company and group, a customer their own', async () => {
    const all = (await call('support-user', 'GET', '/api/Companies')).json().companies as { id: string }[];
    expect(all.length).toBeGreaterThan(3);
    const own = (await call('customer-engineering-user', 'GET', '/api/Companies')).json().companies as {
      id: string;
    }[];
    expect(own.map((company) => company.id)).toEqual([customerCompanyId]);

    const groups = (await call('support-user', 'GET', '/api/DeviceGroups')).json().groups as { id: number }[];
    const theirs = (await call('customer-engineering-user', 'GET', '/api/DeviceGroups')).json().groups as {
      id: number;
    }[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.length).toBeLessThanOrEqual(groups.length);
    const deviceGroups = await server.database.db
      .selectDistinct({ id: series.groupId })
      .from(series)
      .where(eq(series.companyId, customerCompanyId));
    expect(theirs.map((g) => g.id).sort()).toEqual(
      deviceGroups
        .map((g) => g.id)
        .filter((id): id is number => id !== null)
        .sort(),
    );
  });
});

const IMPORT = '/api/Store/Import';

describe('importing stores', () => {
  const upload = async (user: string, name: string, bytes: Buffer) => {
    const { payload, headers } = multipartBody({}, [{ name, bytes }]);
    return server.app.inject({
      method: 'POST',
      url: '/api/Store/Import/Preview',
      headers: { ...headers, authorization: `Bearer ${await server.tokenFor(user)}` },
      payload,
    });
  };
  const storeCount = async () => (await server.database.db.select({ id: stores.id }).from(stores)).length;
  const csv = (lines: string[]) => Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);

  it('previews a CSV file row by row, each problem by its column, writing nothing', async () => {
    const before = await storeCount();
    const answer = await upload(
      'administrator',
      'stores.csv',
      csv([
        'Official Store Code;Name;Company;Group;Locality;Region Code',
        'IMP-001;Garage Lumière;DEMO-CUSTOMER;Europe;Lyon;FR',
        'IMP-002;;DEMO-CUSTOMER;Nowhere;Paris;France',
        '',
        'IMP-001;Twice;DEMO-CUSTOMER;;;',
      ]),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const { columns, rows } = answer.json();
    expect(columns).toEqual(['officialStoreCode', 'name', 'company', 'group', 'locality', 'regionCode']);
    expect(rows.map((row: { line: number }) => row.line)).toEqual([2, 3, 5]);
    expect(rows[0]).toMatchObject({ action: 'create', errors: [], values: { name: 'Garage Lumière' } });
    expect(rows[1].action).toBeNull();
    expect(rows[1].errors.map((error: { column: string }) => error.column)).toEqual([
      'name',
      'regionCode',
      'group',
    ]);
    expect(rows[2].errors).toEqual([
      {
        column: 'officialStoreCode',
        message: 'is already the code of row 2',
        rule: { kind: 'repeated', row: 2 },
      },
    ]);
    expect(await storeCount()).toBe(before);
  });

  it('reads XLSX files too, and refuses a file it cannot use, naming it', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stores');
    sheet.addRow(['officialStoreCode', 'name', 'postal_code']);
    sheet.addRow(['IMP-X1', 'Pneus Express', 69003]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const answer = await upload('administrator', 'stores.xlsx', xlsx);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().rows[0]).toMatchObject({
      line: 2,
      action: 'create',
      values: { officialStoreCode: 'IMP-X1', name: 'Pneus Express', postalCode: '69003' },
    });

    const unknownColumn = await upload(
      'administrator',
      'a.csv',
      csv(['officialStoreCode,name,city', 'A,B,C']),
    );
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json().details).toEqual([
      {
        field: 'body.file',
        message: 'column 3 (city) is not a column of a stores file',
        rule: { kind: 'unknown_column', name: 'city' },
      },
    ]);
    const noName = await upload('administrator', 'a.csv', csv(['officialStoreCode', 'A']));
    expect(noName.json().details[0].message).toBe('has no name column');
    const headerOnly = await upload('administrator', 'a.csv', csv(['officialStoreCode,name']));
    expect(headerOnly.json().details[0].message).toBe('holds no stores under its header row');
  });

  it('imports all rows or none: a bad row is a 400 by row and column, fixed it creates and updates', async () => {
    const before = await storeCount();
    const rows = [
      { line: 2, values: { officialStoreCode: 'IMP-101', name: 'Atelier Nord', company: 'DEMO-CUSTOMER' } },
      { line: 3, values: { officialStoreCode: 'IMP-102', name: 'Atelier Sud', company: 'NO-SUCH-COMPANY' } },
    ];
    const draft = await draftOf(server, 'administrator', IMPORT, rows);
    const refused = await call('administrator', 'POST', IMPORT, { draft });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { field: 'rows.3.company', message: 'is not a known company code', rule: { kind: 'unknown' } },
    ]);
    expect(await storeCount()).toBe(before);

    const changes = [{ ...rows[1]!, values: { ...rows[1]!.values, company: 'DEMO-CUSTOMER' } }];
    const checked = await call('administrator', 'POST', `${IMPORT}/Check`, { draft, changes });
    expect(checked.json().rows.map((row: { action: string }) => row.action)).toEqual(['create', 'create']);
    const imported = await call('administrator', 'POST', IMPORT, { draft, changes });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ created: 2, updated: 0 });
    expect(await storeCount()).toBe(before + 2);
    // An imported file is no longer kept.
    const twice = await call('administrator', 'POST', IMPORT, { draft, changes });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().details).toEqual([
      { field: 'body.draft', message: 'is no longer kept: read the file again', rule: { kind: 'expired' } },
    ]);

    const renamed = [{ line: 2, values: { ...rows[0]!.values, name: 'Atelier du Nord' } }, changes[0]!];
    const again = await call('administrator', 'POST', IMPORT, {
      draft: await draftOf(server, 'administrator', IMPORT, renamed),
    });
    expect(again.json()).toEqual({ created: 0, updated: 2 });
    const [store] = await server.database.db
      .select()
      .from(stores)
      .where(eq(stores.officialStoreCode, 'IMP-101'));
    expect(store!.name).toBe('Atelier du Nord');
    const audit = await call(
      'administrator',
      'GET',
      `/api/AuditLog?SubjectType=store&SubjectId=${store!.id}`,
    );
    expect(audit.json().data.map((entry: { action: string }) => entry.action)).toEqual([
      'store.update',
      'store.create',
    ]);
    expect(audit.json().data[0].details).toMatchObject({
      import: true,
      changes: { name: { from: 'Atelier Nord', to: 'Atelier du Nord' } },
    });
  });

  it("keeps a customer manager to their company's stores, and roles without the store edit right to previews", async () => {
    const rows = [
      { line: 2, values: { officialStoreCode: 'IMP-C1', name: 'Own store' } },
      { line: 3, values: { officialStoreCode: 'IMP-C2', name: 'Foreign', company: 'FLEET-INSTRUMENTS' } },
    ];
    const manager = 'customer-engineering-manager';
    const draft = await draftOf(server, manager, IMPORT, rows);
    const checked = await call(manager, 'POST', `${IMPORT}/Check`, { draft });
    expect(checked.json().rows[0]).toMatchObject({ action: 'create', errors: [] });
    expect(checked.json().rows[1].errors).toEqual([
      {
        column: 'company',
        message: "must be your company's code (DEMO-CUSTOMER)",
        rule: { kind: 'own_company' },
      },
    ]);
    // Another user's previewed file is not theirs to check or import.
    expect((await call('administrator', 'POST', `${IMPORT}/Check`, { draft })).statusCode).toBe(404);
    const changes = [{ line: 3, values: { officialStoreCode: 'IMP-C2', name: 'Own too' } }];
    const imported = await call(manager, 'POST', IMPORT, { draft, changes });
    expect(imported.statusCode, imported.body).toBe(200);
    const [store] = await server.database.db
      .select()
      .from(stores)
      .where(eq(stores.officialStoreCode, 'IMP-C1'));
    expect(store!.companyId).toBe(customerCompanyId);

    const previewed = await draftOf(server, 'business', IMPORT, rows);
    expect((await call('business', 'POST', `${IMPORT}/Check`, { draft: previewed })).statusCode).toBe(200);
    expect((await call('business', 'POST', IMPORT, { draft: previewed })).statusCode).toBe(403);
    expect(
      (await call('customer-engineering-user', 'POST', `${IMPORT}/Check`, { draft: previewed })).statusCode,
    ).toBe(403);
  });

  it('refuses a change of a line the file does not have, naming it', async () => {
    const draft = await draftOf(server, 'administrator', IMPORT, [
      { line: 2, values: { officialStoreCode: 'IMP-L1', name: 'One' } },
    ]);
    const answer = await call('administrator', 'POST', `${IMPORT}/Check`, {
      draft,
      changes: [{ line: 9, values: { officialStoreCode: 'IMP-L9', name: 'Nine' } }],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().details).toEqual([
      {
        field: 'body.changes.0.line',
        message: 'is not a line of the previewed file',
        rule: { kind: 'unknown' },
      },
    ]);
  });
});

describe('exporting stores', () => {
  const exportAs = (user: string, body: object) => call(user, 'POST', '/api/Store/Export', body);

  it('writes the filtered stores with the import columns, and the file imports back as updates', async () => {
    const asked = await exportAs('administrator', {
      ExportDescription: 'Active stores of the demo customer',
      ExportType: 'XLSX',
      Filters: { Company: customerCompanyId, StoreStatus: '0' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { file, task } = await taskFile(server, 'administrator', asked.json().requestId);
    const listed = await call(
      'administrator',
      'GET',
      `/api/Store?Company=${customerCompanyId}&StoreStatus=0&PageSize=100`,
    );
    expect(listed.json().totalCount).toBeGreaterThan(1);
    expect(task.progress?.done).toBe(listed.json().totalCount);

    const { payload, headers } = multipartBody({}, [{ name: 'stores.xlsx', bytes: file }]);
    const preview = await server.app.inject({
      method: 'POST',
      url: '/api/Store/Import/Preview',
      headers: { ...headers, authorization: `Bearer ${await server.tokenFor('administrator')}` },
      payload,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json().rows as {
      action: string;
      errors: unknown[];
      values: Record<string, string>;
    }[];
    expect(rows.length).toBe(listed.json().totalCount);
    expect(rows.every((row) => row.action === 'update' && row.errors.length === 0)).toBe(true);
    expect(rows.map((row) => row.values.officialStoreCode).sort()).toEqual(
      listed
        .json()
        .stores.map((store: { officialStoreCode: string }) => store.officialStoreCode)
        .sort(),
    );
  });

  it('refuses filters the list does not know, and users who cannot follow tasks', async () => {
    // A customer manager has the stores but no task list to collect the file from.
    expect(
      (await exportAs('customer-engineering-manager', { ExportDescription: 'x', ExportType: 'CSV' }))
        .statusCode,
    ).toBe(403);
    const asked = await exportAs('support-manager', { ExportDescription: 'All stores', ExportType: 'CSV' });
    expect(asked.statusCode, asked.body).toBe(202);
    const { file } = await taskFile(server, 'support-manager', asked.json().requestId);
    const records = parse(file.toString('utf8'), { bom: true, columns: true }) as Record<string, string>[];
    const all = await call('support-manager', 'GET', '/api/Store?PageSize=20');
    expect(records.length).toBe(all.json().totalCount);
    expect(Object.keys(records[0]!)).toEqual([...STORE_IMPORT_COLUMNS]);

    const unknown = await exportAs('administrator', {
      ExportDescription: 'x',
      ExportType: 'CSV',
      Filters: { City: 'Lyon' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([
      { field: 'body.Filters.City', message: 'is not a filter of this list', rule: { kind: 'unknown' } },
    ]);
    const badStatus = await exportAs('administrator', {
      ExportDescription: 'x',
      ExportType: 'PDF',
      Filters: { StoreStatus: '7' },
    });
    expect(badStatus.statusCode).toBe(400);
    expect(
      (await exportAs('customer-engineering-user', { ExportDescription: 'x', ExportType: 'CSV' })).statusCode,
    ).toBe(403);
  });
});
