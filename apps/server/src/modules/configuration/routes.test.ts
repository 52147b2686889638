import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import { ASSOCIATION_MODES, ASSOCIATION_STATUSES, type JobAssociation } from '@fleet/contract';
import { parse } from 'csv-parse/sync';
import { archivedJobs, companies, deviceGroups, jobs, series, users } from '../../db/schema.ts';
import { queueHandOvers, runHandOver } from '../jobs/hand-over.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { taskFile } from '../../../test/tasks.ts';

let server: TestServer;
let customerCompanyId: string;
beforeAll(async () => {
  server = await startTestServer();
  customerCompanyId = await server.demoCustomerCompanyId();
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);

async function jobsOfCompany(seriesId: number, companyId: string) {
  const [row] = await server.database.db
    .select({ n: count() })
    .from(jobs)
    .where(and(eq(jobs.seriesId, seriesId), eq(jobs.companyId, companyId)));
  return row!.n;
}

describe('device migration', () => {
  it('previews the devices of the filters, then moves them as a task, each move audited', async () => {
    const [group] = await server.database.db
      .insert(deviceGroups)
      .values({ name: 'Migrated fleet' })
      .returning();
    const [device] = await server.database.db
      .select({ serialNumber: series.serialNumber })
      .from(series)
      .where(eq(series.companyId, customerCompanyId))
      .limit(1);
    const Filters = { Search: device!.serialNumber };
    const preview = await call('support-manager', 'POST', '/api/Configuration/Migration/Preview', {
      Filters,
      groupId: group!.id,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().count).toBe(1);
    expect(preview.json().devices).toMatchObject([{ serialNumber: device!.serialNumber }]);

    const wrongCount = await call('support-manager', 'POST', '/api/Configuration/Migration', {
      Filters,
      groupId: group!.id,
      confirmCount: 2,
      ExportDescription: 'Move to the migrated fleet',
    });
    expect(wrongCount.statusCode).toBe(409);
    const asked = await call('support-manager', 'POST', '/api/Configuration/Migration', {
      Filters,
      groupId: group!.id,
      confirmCount: 1,
      ExportDescription: 'Move to the migrated fleet',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { file } = await taskFile(server, 'support-manager', asked.json().requestId);
    const records = parse(file.toString('utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toMatchObject([{ serialNumber: device!.serialNumber, toGroup: 'Migrated fleet' }]);
    const [moved] = await server.database.db
      .select({ groupId: series.groupId, companyId: series.companyId, id: series.id })
      .from(series)
      .where(inArray(series.serialNumber, [device!.serialNumber]));
    expect(moved).toMatchObject({ groupId: group!.id, companyId: customerCompanyId });
    const log = await call(
      'administrator',
      'GET',
      `/api/AuditLog?SubjectType=series&SubjectId=${moved!.id}&Action=series.migrate`,
    );
    expect(log.json().data[0].details).toMatchObject({
      serialNumber: device!.serialNumber,
      to: { groupId: group!.id },
    });
  });

  it("hands the moved devices' jobs over to their new company: all when asked, else those without an owner", async () => {
    const db = server.database.db;
    const [target] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(ne(companies.id, customerCompanyId))
      .limit(1);
    // Two devices of the customer with jobs; some of the second's were recorded while it had no owner.
    const carriers = await db
      .selectDistinct({ id: jobs.seriesId })
      .from(jobs)
      .where(eq(jobs.companyId, customerCompanyId))
      .limit(2);
    const [everyJob, ownerless] = await Promise.all(
      carriers.map(async ({ id }) => {
        const [device] = await db.select().from(series).where(eq(series.id, id));
        return device!;
      }),
    );
    const [first] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(eq(jobs.seriesId, ownerless!.id))
      .limit(1);
    await db.update(jobs).set({ companyId: null }).where(eq(jobs.id, first!.id));
    const jobsOf = async (seriesId: number, companyId: string | null) => {
      const owned = (table: typeof jobs | typeof archivedJobs) =>
        db
          .select({ n: count() })
          .from(table)
          .where(
            and(
              eq(table.seriesId, seriesId),
              companyId === null ? isNull(table.companyId) : eq(table.companyId, companyId),
            ),
          );
      const [[live], [archived]] = await Promise.all([owned(jobs), owned(archivedJobs)]);
      return live!.n + archived!.n;
    };
    const before = await jobsOf(ownerless!.id, customerCompanyId);
    const all = (await jobsOf(everyJob!.id, customerCompanyId)) + (await jobsOf(everyJob!.id, null));

    const migrate = async (serialNumber: string, handOverJobs?: boolean) => {
      const asked = await call('support-manager', 'POST', '/api/Configuration/Migration', {
        Filters: { Search: serialNumber },
        companyId: target!.id,
        confirmCount: 1,
        ExportDescription: `Move ${serialNumber}`,
        ...(handOverJobs === undefined ? {} : { handOverJobs }),
      });
      expect(asked.statusCode, asked.body).toBe(202);
      await taskFile(server, 'support-manager', asked.json().requestId);
    };
    await migrate(everyJob!.serialNumber, true);
    await migrate(ownerless!.serialNumber);

    expect(await jobsOf(everyJob!.id, target!.id)).toBe(all);
    expect(await jobsOf(ownerless!.id, target!.id)).toBe(1);
    expect(await jobsOf(ownerless!.id, customerCompanyId)).toBe(before);
    const listed = await call(
      'administrator',
      'GET',
      `/api/jobs/jobs-associations?AssociationSubjectId=${target!.id}&PageSize=100`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const bySerial = new Map(
      (listed.json().data.data as JobAssociation[]).map((one) => [one.serialNumber, one]),
    );
    for (const [device, mode] of [
      [everyJob!, 'Manual'],
      [ownerless!, 'Automatic'],
    ] as const) {
      const association = bySerial.get(device.serialNumber);
      expect(association, device.serialNumber).toMatchObject({
        status: ASSOCIATION_STATUSES.indexOf('Done'),
        associationMode: ASSOCIATION_MODES.indexOf(mode),
        failureReason: null,
      });
      expect(association!.startedAt).not.toBeNull();
      expect(association!.terminatedAt).not.toBeNull();
    }

    const noCompany = await call('support-manager', 'POST', '/api/Configuration/Migration', {
      Filters: { Search: everyJob!.serialNumber },
      groupId: 1,
      handOverJobs: true,
      confirmCount: 1,
      ExportDescription: 'No company',
    });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().details[0]).toMatchObject({ field: 'body.handOverJobs' });
  });

  it('fails a hand-over, saying why, when the device has left that company by the time it runs', async () => {
    const db = server.database.db;
    const [device] = await db
      .select({ id: series.id })
      .from(series)
      .where(eq(series.companyId, customerCompanyId))
      .limit(1);
    const [other] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(ne(companies.id, customerCompanyId))
      .limit(1);
    const [id] = await queueHandOvers(db, [{ seriesId: device!.id, companyId: other!.id, mode: 'Manual' }]);
    await runHandOver(db, id!);
    const listed = await call(
      'administrator',
      'GET',
      `/api/jobs/jobs-associations?AssociationSubjectId=${other!.id}&PageSize=100`,
    );
    const failed = (listed.json().data.data as JobAssociation[]).find((one) => one.id === id);
    expect(failed).toMatchObject({
      status: ASSOCIATION_STATUSES.indexOf('Failed'),
      failureReason: 'The device belongs to another company now.',
    });
    expect(await jobsOfCompany(device!.id, other!.id)).toBe(0);
  });

  it('refuses an unknown filter, a missing target and roles without the tool', async () => {
    const unknown = await call('support-manager', 'POST', '/api/Configuration/Migration/Preview', {
      Filters: { Colour: 'red' },
      groupId: 1,
    });
    expect(unknown.json().details).toEqual([
      {
        field: 'body.Filters.Colour',
        message: 'is not a filter of the devices list',
        rule: { kind: 'unknown' },
      },
    ]);
    const noTarget = await call('support-manager', 'POST', '/api/Configuration/Migration/Preview', {
      Filters: {},
    });
    expect(noTarget.json().details[0]).toMatchObject({ field: 'body.companyId' });
    expect(
      (
        await call('support-user', 'POST', '/api/Configuration/Migration/Preview', {
          Filters: {},
          groupId: 1,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('part numbers', () => {
  it('lists the part numbers the devices carry, counted as a direct count does', async () => {
    const [device] = await server.database.db.select().from(series).limit(1);
    const answer = await call(
      'support-config',
      'GET',
      `/api/Configuration/PartNumbers?Search=${device!.partNumber}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const carriers = await server.database.db
      .select()
      .from(series)
      .where(eq(series.partNumber, device!.partNumber));
    expect(answer.json().partNumbers[0]).toMatchObject({
      partNumber: device!.partNumber,
      deviceCount: carriers.length,
      activatedCount: carriers.filter((row) => row.activationDate !== null).length,
      deviceTypes: [...new Set(carriers.map((row) => row.deviceType))].sort(),
    });
    expect(
      (await call('support-config', 'GET', '/api/Configuration/PartNumbers?Colour=red')).statusCode,
    ).toBe(400);
    expect(
      (await call('customer-engineering-manager', 'GET', '/api/Configuration/PartNumbers')).statusCode,
    ).toBe(403);
  });
});

describe('desired configuration', () => {
  it('reaches the device with its heartbeat answers until the device reports it, group and own merged', async () => {
    const db = server.database.db;
    const [group] = await db.insert(deviceGroups).values({ name: 'Configured fleet' }).returning();
    const [device] = await db
      .select({ id: series.id, serialNumber: series.serialNumber })
      .from(series)
      .where(eq(series.companyId, customerCompanyId))
      .limit(1);
    await db.update(series).set({ groupId: group!.id }).where(eq(series.id, device!.id));
    const serial = device!.serialNumber;
    const report = (content: Record<string, unknown>) =>
      server.asDevice(serial, { method: 'PUT', url: '/api/devices/configuration', payload: content });
    const beat = async () => (await server.asDevice(serial, { url: '/api/devices/heartbeat' })).json();
    expect((await report({ units: { pressure: 'kPa', depth: 'mm' }, autoUpdate: true })).statusCode).toBe(
      204,
    );
    expect((await beat()).configuration).toBeUndefined();

    const groupSet = await call('support-config', 'PUT', `/api/Configuration/Groups/${group!.id}`, {
      content: { units: { pressure: 'bar' }, autoUpdate: false },
    });
    expect(groupSet.statusCode, groupSet.body).toBe(200);
    expect(groupSet.json().groups.find((g: { id: number }) => g.id === group!.id)).toMatchObject({
      deviceCount: 1,
      desired: { content: { autoUpdate: false }, setBy: expect.any(String) },
    });
    const own = await call('support-config', 'PUT', `/api/Configuration/Devices/${serial}`, {
      content: { units: { pressure: 'psi' } },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({
      groupName: 'Configured fleet',
      effective: { units: { pressure: 'psi' }, autoUpdate: false },
      differences: [
        { path: 'units.pressure', desired: 'psi', reported: 'kPa' },
        { path: 'autoUpdate', desired: false, reported: true },
      ],
    });
    expect((await beat()).configuration).toEqual({ units: { pressure: 'psi' }, autoUpdate: false });

    await report({ units: { pressure: 'psi', depth: 'mm' }, autoUpdate: false });
    expect((await beat()).configuration).toBeUndefined();
    const state = await call('support-config', 'GET', `/api/Configuration/Devices/${serial}`);
    expect(state.json().differences).toEqual([]);
    const listed = await call('support-config', 'GET', `/api/Configuration/Devices?SerialNumber=${serial}`);
    expect(listed.json()).toMatchObject({
      totalCount: 1,
      devices: [{ serialNumber: serial, differenceCount: 0 }],
    });

    const cleared = await call('administrator', 'DELETE', `/api/Configuration/Devices/${serial}`);
    expect(cleared.json()).toMatchObject({
      desired: null,
      differences: [{ path: 'units.pressure', desired: 'bar' }],
    });
    expect((await beat()).configuration).toEqual({ units: { pressure: 'bar' }, autoUpdate: false });
    const log = await call(
      'administrator',
      'GET',
      '/api/AuditLog?SubjectType=series&Action=series.configuration&SubjectId=' + device!.id,
    );
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data).toHaveLength(2);
  });

  it('refuses a document too large or not an object, and an unknown device or group', async () => {
    const [device] = await server.database.db
      .select({ serialNumber: series.serialNumber })
      .from(series)
      .limit(1);
    const large = await call('support-config', 'PUT', `/api/Configuration/Devices/${device!.serialNumber}`, {
      content: { text: 'x'.repeat(70_000) },
    });
    expect(large.statusCode).toBe(400);
    expect(large.json().message).toMatch(/body\.content.*at most 65536/);
    const list = await call('support-config', 'PUT', `/api/Configuration/Devices/${device!.serialNumber}`, {
      content: [1, 2],
    });
    expect(list.statusCode).toBe(400);
    expect((await call('support-config', 'GET', '/api/Configuration/Devices/NOSUCH123')).statusCode).toBe(
      404,
    );
    const group = await call('support-config', 'PUT', '/api/Configuration/Groups/999999', { content: {} });
    expect(group.statusCode).toBe(404);
  });
});

describe('users moved between companies and groups', () => {
  it('moves a user, roles untouched, by the rules of rights management', async () => {
    const db = server.database.db;
    const [customers] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.kind, 'customer'), ne(companies.id, customerCompanyId)))
      .limit(1);
    const [group] = await db.insert(deviceGroups).values({ name: 'Moved users' }).returning();
    const idOf = async (username: string) =>
      (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
    const seriesUser = await idOf('series-user');
    const before = (await call('administrator', 'GET', `/api/Rights/Users/${seriesUser}`)).json();

    const moved = await call('support-config', 'PUT', `/api/Configuration/Users/${seriesUser}`, {
      companyId: customers!.id,
      groupIds: [group!.id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ companyId: customers!.id, groupIds: [group!.id] });
    expect(moved.json().roles).toEqual(before.roles);
    expect(before.roles.length).toBeGreaterThan(0);
    const listed = await call('support-config', 'GET', `/api/Configuration/Users?Group=${group!.id}`);
    expect(listed.json().users.map((user: { id: string }) => user.id)).toEqual([seriesUser]);

    const internal = await call(
      'support-config',
      'PUT',
      `/api/Configuration/Users/${await idOf('accounting')}`,
      {
        companyId: customers!.id,
        groupIds: [],
      },
    );
    expect(internal.statusCode).toBe(400);
    const administrator = await call(
      'support-config',
      'PUT',
      `/api/Configuration/Users/${await idOf('administrator')}`,
      { companyId: null, groupIds: [] },
    );
    expect(administrator.statusCode).toBe(403);
    const roles = await call('support-config', 'PUT', `/api/Configuration/Users/${seriesUser}`, {
      companyId: customers!.id,
      groupIds: [],
      roles: [],
    });
    expect(roles.statusCode).toBe(400);
  });
});

describe('part number descriptions', () => {
  it('describes a part number the devices carry, audited, and refuses an unknown one', async () => {
    const [device] = await server.database.db.select({ partNumber: series.partNumber }).from(series).limit(1);
    const partNumber = device!.partNumber;
    const url = `/api/Configuration/PartNumbers/${partNumber}`;
    const described = await call('support-config', 'PUT', url, { description: '  Tyre pressure tool, EU  ' });
    expect(described.statusCode, described.body).toBe(204);
    const listed = await call('support-config', 'GET', `/api/Configuration/PartNumbers?Search=${partNumber}`);
    expect(listed.json().partNumbers[0]).toMatchObject({ partNumber, description: 'Tyre pressure tool, EU' });
    expect((await call('support-config', 'PUT', url, { description: '' })).statusCode).toBe(204);
    const cleared = await call(
      'support-config',
      'GET',
      `/api/Configuration/PartNumbers?Search=${partNumber}`,
    );
    expect(cleared.json().partNumbers[0].description).toBeNull();
    const log = await call(
      'administrator',
      'GET',
      `/api/AuditLog?SubjectType=part-number&SubjectId=${partNumber}`,
    );
    expect(log.json().data).toHaveLength(2);

    expect(
      (await call('support-config', 'PUT', '/api/Configuration/PartNumbers/ZZZZZZZZZZ', { description: 'x' }))
        .statusCode,
    ).toBe(404);
    const long = await call('support-config', 'PUT', url, { description: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/body\.description/);
  });
});
