import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import {
  archivedJobListAnswerSchema,
  jobAssociationListAnswerSchema,
  jobCountAnswerSchema,
  jobListAnswerSchema,
  jobListAnswerV1Schema,
  readCursorPaging,
  type Job,
} from '@fleet/contract';
import { archivedJobs, jobs, series } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { insertJobs } from './store.ts';

let server: TestServer;
let customerCompanyId: string;
beforeAll(async () => {
  server = await startTestServer();
  customerCompanyId = await server.demoCustomerCompanyId();
});
afterAll(async () => server?.close());

const auth = async (username: string) => ({ authorization: `Bearer ${await server.tokenFor(username)}` });

async function call(username: string, url: string, headers: Record<string, string> = {}) {
  return server.app.inject({ url, headers: { ...(await auth(username)), ...headers } });
}

async function list(username: string, query: string, path = '/api/Jobs') {
  const response = await call(username, `${path}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return {
    data: path.includes('archived')
      ? archivedJobListAnswerSchema.parse(body).data.data
      : jobListAnswerSchema.parse(body).data,
    paging: readCursorPaging((name) => response.headers[name] as string | undefined),
  };
}

/** Every job of a filtered list, page after page. */
async function all(username: string, query: string, path = '/api/Jobs'): Promise<Job[]> {
  const seen: Job[] = [];
  let page = await list(username, `${query}&PageSize=100`, path);
  seen.push(...page.data);
  while (page.paging.hasNext) {
    page = await list(username, `${query}&PageSize=100&cursor=${page.paging.nextPage}`, path);
    seen.push(...page.data);
  }
  return seen;
}

const SINCE_LONG_AGO = 'FilterOnBeginDate=2000-01-01&BeginDateOperator=since';

async function someTag(column: typeof jobs.vin): Promise<string> {
  const [row] = await server.database.db
    .select({ value: column })
    .from(jobs)
    .where(and(isNotNull(column), eq(jobs.synthetic, false)))
    .orderBy(desc(jobs.id))
    .limit(1);
  return row!.value!;
}

describe('GET /api/Jobs', () => {
  it('answers newest first, in the shape of the version header, and refuses an unknown version', async () => {
    const v2 = await call('administrator', '/api/Jobs?PageSize=10');
    expect(v2.statusCode).toBe(200);
    const jobsV2 = jobListAnswerSchema.parse(v2.json()).data;
    expect(jobsV2).toHaveLength(10);
    const dates = jobsV2.map((job) => job.beginDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    // The paging headers under the spec's names too, with the same cursors.
    expect(v2.headers.argoshasnext).toBe('True');
    expect(v2.headers.argosnextpage).toBe(v2.headers['x-paging-next-page']);
    expect(v2.headers['access-control-expose-headers']).toContain('argosNextPage');
    const v1 = await call('administrator', '/api/Jobs?PageSize=10', { version: '1.0' });
    const body = jobListAnswerV1Schema.parse(v1.json());
    expect(body.jobs.map((job) => job.id)).toEqual(jobsV2.map((job) => job.id));
    const [live] = await server.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(jobs)
      .where(eq(jobs.synthetic, false));
    expect(body.totalCount).toBe(live!.n);
    const refused = await call('administrator', '/api/Jobs', { version: '3.0' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      { field: 'headers.version', message: 'must be 2.0 or 1.0', rule: { kind: 'choice' } },
    ]);
  });

  it('narrows by each tag with its operators', async () => {
    for (const [name, column] of [
      ['VIN', jobs.vin],
      ['RO', jobs.ro],
      ['BAC', jobs.bac],
      ['WarrantyCode', jobs.warrantyCode],
      ['JID', jobs.jid],
      ['PN', jobs.pn],
    ] as const) {
      const value = await someTag(column);
      const tag = name === 'WarrantyCode' ? 'WARRANTYCODE' : name;
      const equal = await all('administrator', `${SINCE_LONG_AGO}&${name}=${encodeURIComponent(value)}`);
      expect(equal.length, name).toBeGreaterThan(0);
      expect(equal.every((job) => job.data[tag] === value)).toBe(true);
      const part = value.slice(2, 6);
      const almost = await all(
        'administrator',
        `${SINCE_LONG_AGO}&${name}=${encodeURIComponent(part)}&${name}Operator=almost`,
      );
      expect(almost.length).toBeGreaterThanOrEqual(equal.length);
      expect(almost.every((job) => String(job.data[tag]).toLowerCase().includes(part.toLowerCase()))).toBe(
        true,
      );
    }
    const make = await someTag(jobs.mk);
    const notMake = await list(
      'administrator',
      `${SINCE_LONG_AGO}&MK=${make}&MKOperator=notEqual&PageSize=100`,
    );
    expect(notMake.data.length).toBeGreaterThan(0);
    expect(notMake.data.every((job) => job.data.MK !== make)).toBe(true);
  });

  it('narrows by the named lists, the device, the user, HasVIN, the warranty code and the dates', async () => {
    const calibrations = await list('administrator', `${SINCE_LONG_AGO}&JobType=2&JobStatus=0&PageSize=100`);
    expect(calibrations.data.every((job) => job.jobType === 2 && job.jobStatus === 0)).toBe(true);
    const expired = await list('administrator', `${SINCE_LONG_AGO}&ValidCal=2&ValidCheck=2&PageSize=100`);
    expect(expired.data.every((job) => job.result.validCal === 2 && job.result.validChk === 2)).toBe(true);
    const withoutVin = await list('administrator', `${SINCE_LONG_AGO}&HasVIN=false&PageSize=100`);
    expect(withoutVin.data.length).toBeGreaterThan(0);
    expect(withoutVin.data.every((job) => job.data.VIN === undefined)).toBe(true);
    const warranty = await list('administrator', `${SINCE_LONG_AGO}&FilterOnWarrantyCode=WITH&PageSize=100`);
    expect(warranty.data.every((job) => typeof job.data.WARRANTYCODE === 'string')).toBe(true);
    const one = calibrations.data[0]!;
    const ofDevice = await all('administrator', `${SINCE_LONG_AGO}&SerialNumber=${one.serialNumber}`);
    expect(ofDevice.length).toBeGreaterThan(0);
    expect(ofDevice.every((job) => job.serialNumber === one.serialNumber)).toBe(true);
    const byUser = await list(
      'administrator',
      `${SINCE_LONG_AGO}&User=m.durand&DeviceType=${one.deviceType}&PageSize=100`,
    );
    expect(byUser.data.every((job) => job.user === 'm.durand' && job.deviceType === one.deviceType)).toBe(
      true,
    );
    const search = await list(
      'administrator',
      `${SINCE_LONG_AGO}&Search=${one.serialNumber.slice(0, 9)}&PageSize=100`,
    );
    expect(search.data.some((job) => job.serialNumber === one.serialNumber)).toBe(true);

    const day = one.beginDate.slice(0, 10);
    const onDay = await all('administrator', `FilterOnBeginDate=${day}`);
    expect(onDay.map((job) => job.id)).toContain(one.id);
    expect(onDay.every((job) => job.beginDate.startsWith(day))).toBe(true);
    const notOnDay = await list(
      'administrator',
      `FilterOnBeginDate=${day}&BeginDateOperator=notEqual&PageSize=100`,
    );
    expect(notOnDay.data.every((job) => !job.beginDate.startsWith(day))).toBe(true);
    const before = await list(
      'administrator',
      `FilterOnBeginDate=${day}&BeginDateOperator=before&PageSize=100`,
    );
    expect(before.data.every((job) => job.beginDate < `${day}T00:00:00.000Z`)).toBe(true);
    const period = await all('administrator', `FromDate=${day}&ToDate=${day}&FilterOnPeriod=true`);
    expect(period.map((job) => job.id).sort()).toEqual(onDay.map((job) => job.id).sort());
    const posted = await list(
      'administrator',
      `${SINCE_LONG_AGO}&PostedDate=${day}&PostedDateBefore=2100-01-01&PageSize=100`,
    );
    expect(posted.data.every((job) => job.postedDate >= `${day}T00:00:00.000Z`)).toBe(true);
  });

  it('narrows to a selection of jobs by their ids', async () => {
    const page = await list('administrator', `${SINCE_LONG_AGO}&PageSize=10`);
    const picked = [page.data[1]!.id, page.data[4]!.id];
    const selected = await all('administrator', `${SINCE_LONG_AGO}&JobId=${picked[0]}&JobId=${picked[1]}`);
    expect(selected.map((job) => job.id).sort()).toEqual([...picked].sort());
    const refused = await call('administrator', `/api/Jobs?${SINCE_LONG_AGO}&JobId=abc`);
    expect(refused.statusCode).toBe(400);
  });

  it('sorts by begin or posted date, either way', async () => {
    for (const [column, field] of [
      ['BeginDate', 'beginDate'],
      ['PostedDate', 'postedDate'],
    ] as const) {
      for (const order of ['ASC', 'DESC']) {
        const page = await list(
          'administrator',
          `${SINCE_LONG_AGO}&SortColumnName=${column}&SortOrder=${order}&PageSize=100`,
        );
        const values = page.data.map((job) => job[field]);
        const sorted = [...values].sort();
        expect(values).toEqual(order === 'ASC' ? sorted : sorted.reverse());
      }
    }
  });

  it('walks a filtered set forward and back without gaps or repeats while new jobs arrive', async () => {
    const query = `${SINCE_LONG_AGO}&JobStatus=0&JobType=1&PageSize=20`;
    const first = await list('administrator', query);
    const device = await server.database.db
      .select()
      .from(series)
      .where(eq(series.serialNumber, first.data[0]!.serialNumber));
    const expected = (await all('administrator', `${SINCE_LONG_AGO}&JobStatus=0&JobType=1`)).map(
      (job) => job.id,
    );
    const seen: string[] = [...first.data.map((job) => job.id)];
    let page = first;
    const arrivals: number[] = [];
    while (page.paging.hasNext) {
      // Newer jobs arrive between pages: they belong before the first page, not in the walk.
      const ids = await insertJobs(server.database.db, [
        {
          seriesId: device[0]!.id,
          companyId: device[0]!.companyId,
          groupId: device[0]!.groupId,
          deviceType: device[0]!.deviceType,
          workflow: 'TPMS-CHECK',
          jobType: 1,
          jobStatus: 0,
          synthetic: false,
          beginDate: new Date(),
          postedDate: new Date(),
          userName: 'walker',
          data: { JID: `walk-${arrivals.length}` },
          validCal: 1,
          validChk: 1,
          gresst: null,
        },
      ]);
      arrivals.push(...ids);
      page = await list('administrator', `${query}&cursor=${page.paging.nextPage}`);
      seen.push(...page.data.map((job) => job.id));
      if (seen.length > expected.length + 40) break;
    }
    expect(seen).toEqual(expected);
    expect(arrivals.length).toBeGreaterThan(0);
    const last = page.data.map((job) => job.id);
    const back: string[] = [];
    while (page.paging.hasPrevious) {
      page = await list('administrator', `${query}&cursor=${page.paging.previousPage}`);
      back.unshift(...page.data.map((job) => job.id));
    }
    // Walking back reaches the newest: the jobs that arrived meanwhile, then the walk's.
    expect([...back, ...last]).toEqual([...arrivals.reverse().map(String), ...expected]);
  });

  it('refuses, naming the parameter, what it cannot honour', async () => {
    const cases: [string, string][] = [
      ['JobType=9', 'JobType'],
      ['ValidCal=x', 'ValidCal'],
      ['FilterOnBeginDate=2026-02-30', 'FilterOnBeginDate'],
      ['BeginDateOperator=since', 'BeginDateOperator'],
      ['VINOperator=almost', 'VINOperator'],
      ['FromDate=2026-01-01&FilterOnPeriod=true', 'FilterOnPeriod'],
      ['FromDate=2026-02-01&ToDate=2026-01-01&FilterOnPeriod=true', 'FromDate'],
      ['FilterOnWarrantyCode=WITHOUT', 'FilterOnWarrantyCode'],
      ['HasVIN=maybe', 'HasVIN'],
      ['PageSize=7', 'PageSize'],
      ['cursor=bm9wZQ', 'cursor'],
    ];
    for (const [query, parameter] of cases) {
      const response = await call('administrator', `/api/Jobs?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details.map((d: { field: string }) => d.field)).toContain(`query.${parameter}`);
    }
    const almostArchived = await call('administrator', '/api/jobs/archived-jobs?VIN=WVW&VINOperator=almost');
    expect(almostArchived.statusCode).toBe(400);
    expect(almostArchived.json().details[0].field).toBe('query.VINOperator');
    const group = await call('customer-engineering-manager', '/api/Jobs?Group=1');
    expect(group.statusCode).toBe(400);
    expect(group.json().details[0].field).toBe('query.Group');
  });
});

describe('the other jobs calls', () => {
  it('count what the list shows, and list synthetic and archived jobs apart', async () => {
    const count = jobCountAnswerSchema.parse(
      (await call('administrator', `/api/Jobs/count?${SINCE_LONG_AGO}&JobType=2`)).json(),
    );
    expect(count).toEqual({
      data: (await all('administrator', `${SINCE_LONG_AGO}&JobType=2`)).length,
      exact: true,
    });
    const synthetic = await all('administrator', SINCE_LONG_AGO, '/api/Jobs/synthetic');
    expect(synthetic.length).toBeGreaterThan(0);
    expect(synthetic.every((job) => job.workflow === 'SELF-TEST')).toBe(true);
    const syntheticCount = jobCountAnswerSchema.parse(
      (await call('administrator', `/api/Jobs/synthetic/count?${SINCE_LONG_AGO}`)).json(),
    );
    expect(syntheticCount.data).toBe(synthetic.length);
    const archived = await list('administrator', 'PageSize=100', '/api/jobs/archived-jobs');
    expect(archived.data.length).toBeGreaterThan(0);
    const archivedCount = jobCountAnswerSchema.parse(
      (await call('administrator', '/api/jobs/archived-jobs/count')).json(),
    );
    expect(archivedCount.data).toBe((await all('administrator', '', '/api/jobs/archived-jobs')).length);
    const newestArchived = archived.data[0]!.beginDate;
    const [oldestLive] = await server.database.db
      .select({ at: sql<string>`min(${jobs.beginDate})` })
      .from(jobs)
      .where(eq(jobs.synthetic, false));
    expect(new Date(newestArchived) < new Date(oldestLive!.at)).toBe(true);
    const one = await call('administrator', `/api/Jobs/${archived.data[0]!.id}`);
    expect(one.json()).toEqual(archived.data[0]);
  });

  it('never show a customer a foreign job: lists, counts, one job and the filter lists', async () => {
    const customer = 'customer-engineering-manager';
    const own = await server.database.db
      .select({ serialNumber: series.serialNumber })
      .from(series)
      .where(eq(series.companyId, customerCompanyId));
    const owned = new Set(own.map((row) => row.serialNumber));
    const seen = await all(customer, SINCE_LONG_AGO);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((job) => owned.has(job.serialNumber))).toBe(true);
    const count = jobCountAnswerSchema.parse(
      (await call(customer, `/api/Jobs/count?${SINCE_LONG_AGO}`)).json(),
    );
    expect(count.data).toBe(seen.length);
    const archived = await all(customer, 'SortOrder=DESC', '/api/jobs/archived-jobs');
    expect(archived.every((job) => owned.has(job.serialNumber))).toBe(true);
    const [foreign] = await server.database.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(ne(jobs.companyId, customerCompanyId))
      .limit(1);
    expect((await call(customer, `/api/Jobs/${foreign!.id}`)).statusCode).toBe(404);
    expect((await call(customer, `/api/Jobs/${seen[0]!.id}`)).statusCode).toBe(200);
    const foreignSerial = (
      await server.database.db
        .select({ sn: series.serialNumber })
        .from(series)
        .where(ne(series.companyId, customerCompanyId))
        .limit(1)
    )[0]!.sn;
    expect(await all(customer, `${SINCE_LONG_AGO}&SerialNumber=${foreignSerial}`)).toEqual([]);
    const users = (await call(customer, '/api/Jobs/Filters/Users')).json().users as string[];
    const ownUsers = await server.database.db
      .selectDistinct({ name: jobs.userName })
      .from(jobs)
      .where(and(eq(jobs.companyId, customerCompanyId), isNotNull(jobs.userName)));
    expect(users.sort()).toEqual(ownUsers.map((row) => row.name!).sort());
    const types = (await call(customer, '/api/Jobs/Filters/DevicesTypes')).json().devicesTypes as string[];
    const ownTypes = await server.database.db
      .selectDistinct({ type: series.deviceType })
      .from(series)
      .where(eq(series.companyId, customerCompanyId));
    expect(types.sort()).toEqual(ownTypes.map((row) => row.type).sort());
    expect((await call(customer, '/api/Jobs/Filters/Groups')).json()).toEqual({ groups: [] });
    expect(
      ((await call('administrator', '/api/Jobs/Filters/Groups')).json().groups as unknown[]).length,
    ).toBeGreaterThan(0);
    expect(
      (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(archivedJobs))[0]!.n,
    ).toBeGreaterThan(0);
  });

  it('list associations for administrators only, newest first, filtered by their lists', async () => {
    expect((await call('customer-engineering-manager', '/api/jobs/jobs-associations')).statusCode).toBe(403);
    expect((await call('support-manager', '/api/jobs/jobs-associations')).statusCode).toBe(403);
    const response = await call('administrator', '/api/jobs/jobs-associations?PageSize=100');
    const rows = jobAssociationListAnswerSchema.parse(response.json()).data.data;
    expect(rows.length).toBeGreaterThan(0);
    const created = rows.map((row) => row.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const failed = jobAssociationListAnswerSchema.parse(
      (
        await call(
          'administrator',
          '/api/jobs/jobs-associations?AssociationStatusesList=3&AssociationSubject=0&PageSize=100',
        )
      ).json(),
    ).data.data;
    expect(failed.every((row) => row.status === 3 && row.associationSubject === 0 && row.failureReason)).toBe(
      true,
    );
    const bad = await call('administrator', '/api/jobs/jobs-associations?AssociationMode=7');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('query.AssociationMode');
  });
});

describe('POST /api/devices/jobs', () => {
  it('takes a job from the device itself, with its company of the moment, and refuses a job from the future', async () => {
    const [device] = await server.database.db
      .select()
      .from(series)
      .where(and(eq(series.companyId, customerCompanyId), eq(series.deviceStatus, 'A')))
      .limit(1);
    const report = {
      workflow: 'BATTERY-TEST',
      jobType: 0,
      jobStatus: 0,
      beginDate: new Date(Date.now() - 60_000).toISOString(),
      user: 'l.keller',
      data: { VIN: 'VF1RFB00067891234', RO: 'RO-424242', BAC: 'A1B2C3D4E5F6', VOLTAGE: 12.4 },
      result: { validCal: 1, validChk: 1, gresst: 1 },
    };
    const posted = await server.asDevice(device!.serialNumber, { url: '/api/devices/jobs', payload: report });
    expect(posted.statusCode, posted.body).toBe(201);
    const { id } = posted.json() as { id: string };
    const job = (await call('customer-engineering-manager', `/api/Jobs/${id}`)).json() as Job;
    expect(job).toMatchObject({
      workflow: 'BATTERY-TEST',
      serialNumber: device!.serialNumber,
      deviceType: device!.deviceType,
      user: 'l.keller',
      data: report.data,
      result: { validCal: 1, validChk: 1, gresst: 1, sn: device!.serialNumber },
    });
    const found = await list('customer-engineering-manager', 'VIN=VF1RFB00067891234&PageSize=10');
    expect(found.data.map((row) => row.id)).toEqual([id]);
    const future = await server.asDevice(device!.serialNumber, {
      url: '/api/devices/jobs',
      payload: { ...report, beginDate: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().details[0].field).toBe('body.beginDate');
    const unsigned = await server.app.inject({ method: 'POST', url: '/api/devices/jobs', payload: report });
    expect(unsigned.statusCode).toBe(401);
  });
});
