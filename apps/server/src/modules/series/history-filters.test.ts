import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { JOB_TYPES, seriesFilterSuggestionsSchema, seriesListAnswerSchema } from '@fleet/contract';
import {
  archivedJobs,
  companies,
  components,
  jobs,
  series,
  seriesUsers,
  updateHistory,
} from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { taskFile } from '../../../test/tasks.ts';

/** The devices list's filters on what a device's history holds (its jobs, its updates), and the export's extra data. */

const RELEARN = JOB_TYPES.indexOf('Relearn');
const PROGRAMMING = JOB_TYPES.indexOf('Programming');

let server: TestServer;
let customerCompanyId: string;
/** Four devices of the demo customer: a, b, c, d. */
let devices: { id: number; serialNumber: string; deviceType: string }[];
let serials: string[];

function jobOf(device: (typeof devices)[number], jobType: number, companyId: string) {
  return {
    seriesId: device.id,
    companyId,
    deviceType: device.deviceType,
    workflow: 'TPMS',
    jobType,
    jobStatus: 0,
    beginDate: new Date('2026-01-05T10:00:00Z'),
  };
}

function updateOf(device: (typeof devices)[number], subject: string, toVersion: string, state: string) {
  return { seriesId: device.id, subject, toVersion, state, updateDate: new Date('2026-01-06T10:00:00Z') };
}

beforeAll(async () => {
  server = await startTestServer();
  customerCompanyId = await server.demoCustomerCompanyId();
  const db = server.database.db;
  devices = await db
    .select({ id: series.id, serialNumber: series.serialNumber, deviceType: series.deviceType })
    .from(series)
    .where(eq(series.companyId, customerCompanyId))
    .orderBy(asc(series.id))
    .limit(4);
  serials = devices.map((device) => device.serialNumber);
  const [a, b, c, d] = devices as [
    (typeof devices)[0],
    (typeof devices)[0],
    (typeof devices)[0],
    (typeof devices)[0],
  ];
  const [other] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(ne(companies.id, customerCompanyId))
    .limit(1);
  const ids = devices.map((device) => device.id);
  // A clean history for the four, then: a relearn job for a (live) and c (archived), one for d from
  // before it came to the customer; b has none.
  await db.delete(jobs).where(and(inArray(jobs.seriesId, ids), eq(jobs.jobType, RELEARN)));
  await db
    .delete(archivedJobs)
    .where(and(inArray(archivedJobs.seriesId, ids), eq(archivedJobs.jobType, RELEARN)));
  await db.insert(jobs).values([jobOf(a, RELEARN, customerCompanyId), jobOf(d, RELEARN, other!.id)]);
  await db.insert(archivedJobs).values({ id: 9_000_000_001, ...jobOf(c, RELEARN, customerCompanyId) });
  // The customer's company never programmed: the type is suggested to others only.
  await db.insert(jobs).values(jobOf(d, PROGRAMMING, other!.id));
  await db.delete(jobs).where(and(eq(jobs.companyId, customerCompanyId), eq(jobs.jobType, PROGRAMMING)));
  await db
    .delete(archivedJobs)
    .where(and(eq(archivedJobs.companyId, customerCompanyId), eq(archivedJobs.jobType, PROGRAMMING)));
  // a updated to software 9.9.1, b is updating to it, c updated its database to 2099.01, d failed 9.9.0.
  await db.delete(updateHistory).where(inArray(updateHistory.seriesId, ids));
  await db
    .insert(updateHistory)
    .values([
      updateOf(a, 'Software', '9.9.1', 'succeeded'),
      updateOf(b, 'Software', '9.9.1', 'running'),
      updateOf(c, 'Database', '2099.01', 'succeeded'),
      updateOf(d, 'Software', '9.9.0', 'failed'),
    ]);
});
afterAll(async () => server?.close());

async function listed(username: string, query: string) {
  const selection = serials.map((serialNumber) => `SerialNumbers=${serialNumber}`).join('&');
  const response = await server.call(username, 'GET', `/api/Series/User?${query}&${selection}&PageSize=100`);
  expect(response.statusCode, response.body).toBe(200);
  return seriesListAnswerSchema.parse(response.json()).series.map((card) => card.serialNumber);
}

const named = (...indexes: number[]) => indexes.map((index) => serials[index]);

describe('SerieJobFilter', () => {
  it('keeps the devices with a job of the type, live or archived, and leaves out the others', async () => {
    expect(await listed('administrator', 'SerieJobFilter=Relearn')).toEqual(named(0, 2, 3));
    expect(await listed('administrator', 'SerieJobFilter=relearn')).toEqual(named(0, 2, 3));
    const either = await listed('administrator', 'SerieJobFilter=Relearn&SerieJobFilter=Programming');
    expect(either).toEqual(named(0, 2, 3));
  });

  it("counts for a customer only the jobs of the customer's own company", async () => {
    expect(await listed('customer-engineering-user', 'SerieJobFilter=Relearn')).toEqual(named(0, 2));
  });
});

describe('VersionTypeFilter and VersionNumberFilter', () => {
  it('keep the devices updated to a version of the type and number, and leave out the others', async () => {
    expect(await listed('administrator', 'VersionNumberFilter=9.9.1')).toEqual(named(0));
    expect(await listed('administrator', 'VersionNumberFilter=9.9.1&VersionNumberFilter=2099.01')).toEqual(
      named(0, 2),
    );
    expect(await listed('administrator', 'VersionTypeFilter=Software')).toEqual(named(0));
    expect(await listed('administrator', 'VersionTypeFilter=database')).toEqual(named(2));
    expect(await listed('administrator', 'VersionTypeFilter=Database&VersionNumberFilter=9.9.1')).toEqual([]);
    // A failed update is no version the device had.
    expect(await listed('administrator', 'VersionNumberFilter=9.9.0')).toEqual([]);
  });
});

describe('the filter suggestions', () => {
  const suggestions = async (username: string) => {
    const response = await server.call(username, 'GET', '/api/Series/User/FilterSuggestion');
    expect(response.statusCode, response.body).toBe(200);
    return seriesFilterSuggestionsSchema.parse(response.json());
  };

  it('list the job types produced and the versions devices were updated to, within the scope', async () => {
    const admin = await suggestions('administrator');
    expect(admin.jobType).toEqual(expect.arrayContaining(['Relearn', 'Programming']));
    expect(admin.versionType).toEqual(['Database', 'Software']);
    expect(admin.versionNumber).toEqual(expect.arrayContaining(['9.9.1', '2099.01']));
    expect(admin.versionNumber).not.toContain('9.9.0');
    const customer = await suggestions('customer-engineering-user');
    expect(customer.jobType).toContain('Relearn');
    expect(customer.jobType).not.toContain('Programming');
    expect(customer.versionNumber).toEqual(expect.arrayContaining(['9.9.1', '2099.01']));
  });

  it('suggest no jobs or versions to a user without the jobs and updates tabs', async () => {
    const viewer = await suggestions('location-viewer');
    expect(viewer).toMatchObject({ jobType: [], versionType: [], versionNumber: [] });
    expect(viewer.types.length).toBeGreaterThan(0);
  });
});

describe('refusals', () => {
  it('answers 400 naming a malformed value and what it must be', async () => {
    for (const [query, field, rule] of [
      ['SerieJobFilter=Juggling', 'SerieJobFilter', 'must be one of Test, Check, Calibration'],
      ['VersionTypeFilter=Firmware', 'VersionTypeFilter', 'must be one of Software, Database'],
      ['VersionNumberFilter=latest', 'VersionNumberFilter', 'must be version numbers, such as 2.4.1'],
      ['extraDataExports=photos', 'extraDataExports', 'must be one of serieUsers, components, accessories'],
    ] as const) {
      const response = await server.call('administrator', 'GET', `/api/Series/User?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details[0], query).toMatchObject({ field: `query.${field}` });
      expect(response.json().details[0].message, query).toContain(rule);
    }
  });

  it('refuses the filters and extra data of a part of a device the user may not see', async () => {
    for (const [query, rule] of [
      ['SerieJobFilter=Test', 'needs the SERIES.DETAILS.JOBS feature'],
      ['VersionNumberFilter=1.0.0', 'needs the SERIES.DETAILS.UPDATES feature'],
      ['extraDataExports=serieUsers', 'may not add serieUsers'],
    ] as const) {
      const response = await server.call('location-viewer', 'GET', `/api/Series/User?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details[0].message, query).toContain(rule);
    }
  });
});

describe('extraDataExports', () => {
  it("adds a column per extra data to the export, each device's entries in its cell", async () => {
    const [a, b] = devices;
    const db = server.database.db;
    await db.delete(seriesUsers).where(inArray(seriesUsers.seriesId, [a!.id, b!.id]));
    await db.delete(components).where(inArray(components.seriesId, [a!.id, b!.id]));
    await db.insert(seriesUsers).values([
      { seriesId: a!.id, username: 'zoe', userUid: randomUUID() },
      { seriesId: a!.id, username: 'adam', userUid: randomUUID() },
    ]);
    await db.insert(components).values({ seriesId: a!.id, name: 'Probe', status: 'faulty' });
    const asked = await server.call('administrator', 'POST', '/api/Series/User/Export', {
      ExportDescription: 'With their users',
      ExportType: 'CSV',
      Filters: {
        SerialNumbers: [a!.serialNumber, b!.serialNumber],
        extraDataExports: ['serieUsers', 'components'],
      },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const { file } = await taskFile(server, 'administrator', asked.json().requestId);
    const records = parse(file.toString('utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(records[0]!).slice(-2)).toEqual(['serieUsers', 'components']);
    const bySerial = new Map(records.map((record) => [record.serialNumber, record]));
    expect(bySerial.get(a!.serialNumber)).toMatchObject({
      serieUsers: 'adam; zoe',
      components: 'Probe (faulty)',
    });
    expect(bySerial.get(b!.serialNumber)).toMatchObject({ serieUsers: '', components: '' });
  });

  it('leaves the list answer as it is', async () => {
    expect(await listed('administrator', 'extraDataExports=components')).toEqual(
      await listed('administrator', ''),
    );
  });
});
