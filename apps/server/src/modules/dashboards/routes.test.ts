import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  certificateStatus,
  dashboardWidgetsSchema,
  type Dashboard,
  type DashboardListAnswer,
  type DashboardWidgetInput,
  type WidgetData,
} from '@fleet/contract';
import { jobs, series, users } from '../../db/schema.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);
const db = () => server.database.db;
const layout = { x: 0, y: 0, w: 4, h: 3 };

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows;
}

async function widgetsOf(user: string, widgets: DashboardWidgetInput[]): Promise<WidgetData[]> {
  const answer = await call(user, 'POST', '/api/Dashboards/Data', { widgets });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data;
}

/** A widget without a split as { category: value }, the categories shown at zero left out. */
function byCategory(data: WidgetData): Record<string, number> {
  return Object.fromEntries(
    data.categories
      .map((key, index) => [key, data.series[0]!.values[index]!])
      .filter(([, value]) => value !== 0),
  );
}

function counted(list: { key: string; n: number | string }[]): Record<string, number> {
  return Object.fromEntries(list.map((row) => [row.key, Number(row.n)]));
}

async function companyOf(username: string): Promise<string> {
  const [user] = await db()
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.username, username));
  return user!.companyId!;
}

const PERIOD_START = sql`date_trunc('month', now() at time zone 'UTC') - interval '119 months'`;

describe('dashboard data', () => {
  it('counts devices, calibration and jobs as a direct count of the records does', async () => {
    const [statuses, calibration, jobTypes, jobYears] = await widgetsOf('administrator', [
      { id: 'statuses', source: 'devices', groupBy: 'device_status', chartType: 'pie', layout },
      { id: 'calibration', source: 'calibration', groupBy: 'calibration_status', chartType: 'bar', layout },
      { id: 'types', source: 'jobs', groupBy: 'job_type', chartType: 'bar', months: 120, layout },
      {
        id: 'years',
        source: 'jobs',
        groupBy: 'year',
        splitBy: 'job_status',
        chartType: 'heatmap',
        months: 120,
        synthetic: true,
        layout,
      },
    ]);
    // Every status is shown, in the spec's order, even at zero.
    expect(statuses!.categories).toEqual(['A', 'E', 'B', 'R', 'I']);
    expect(calibration!.categories).toEqual(['Ok', 'Warning', 'Urgent', 'Expired', 'None']);
    expect(byCategory(statuses!)).toEqual(
      counted(await rows(sql`select device_status as key, count(*) as n from series group by 1`)),
    );

    const latest = await rows<{ end: string | null; passed: boolean | null }>(sql`
      select c.end_of_validity_date as end, c.check_passed as passed from series s
      left join lateral (select * from certificates where series_id = s.id and quality <> 'rejected'
        order by calibration_date desc limit 1) c on true`);
    const expected: Record<string, number> = {};
    for (const row of latest) {
      const status =
        certificateStatus(
          row.end ? { endOfValidityDate: new Date(row.end), checkPassed: row.passed } : null,
        ) ?? 'None';
      expected[status] = (expected[status] ?? 0) + 1;
    }
    expect(byCategory(calibration!)).toEqual(expected);

    const everyJob = sql`(select job_type, job_status, synthetic, begin_date, company_id from jobs
      union all select job_type, job_status, synthetic, begin_date, company_id from archived_jobs) j`;
    expect(byCategory(jobTypes!)).toEqual(
      counted(
        await rows(sql`select job_type::text as key, count(*) as n from ${everyJob}
          where not synthetic and begin_date >= ${PERIOD_START} group by 1`),
      ),
    );
    expect(jobTypes!.total).toBeGreaterThan(0);
    const cells = await rows<{ year: string; status: string; n: string }>(sql`
      select to_char(begin_date at time zone 'UTC', 'YYYY') as year, job_status::text as status, count(*) as n
      from ${everyJob} where begin_date >= ${PERIOD_START} group by 1, 2`);
    for (const cell of cells) {
      const series = jobYears!.series.find((one) => one.key === cell.status)!;
      expect(series.values[jobYears!.categories.indexOf(cell.year)]).toBe(Number(cell.n));
    }
    // Every year of the period is on the axis, oldest first, even one without jobs.
    expect(jobYears!.categories).toEqual([...jobYears!.categories].sort());
    expect(jobYears!.categories.at(-1)).toBe(String(new Date().getUTCFullYear()));
  });

  it("counts only a customer's own devices and jobs", async () => {
    const companyId = await companyOf('customer-engineering-manager');
    const [devices, jobCount, split] = await widgetsOf('customer-engineering-manager', [
      { id: 'types', source: 'devices', groupBy: 'device_type', chartType: 'table', layout },
      { id: 'jobs', source: 'jobs', groupBy: 'job_status', chartType: 'donut', months: 120, layout },
      { id: 'split', source: 'devices', groupBy: 'version', splitBy: 'connection', chartType: 'bar', layout },
    ]);
    expect(byCategory(devices!)).toEqual(
      counted(
        await rows(
          sql`select device_type as key, count(*) as n from series where company_id = ${companyId} group by 1`,
        ),
      ),
    );
    const [own] = await rows<{ n: string }>(sql`select count(*) as n from (
      select begin_date from jobs where company_id = ${companyId} and not synthetic
      union all select begin_date from archived_jobs where company_id = ${companyId} and not synthetic) j
      where begin_date >= ${PERIOD_START}`);
    expect(jobCount!.total).toBe(Number(own!.n));
    expect(split!.total).toBe(devices!.total);
    const [fleet] = await rows<{ n: string }>(sql`select count(*) as n from series`);
    expect(devices!.total).toBeLessThan(Number(fleet!.n));
  });

  it("offers an editor the device types of the editor's own devices, and no viewer", async () => {
    const companyId = await companyOf('dashboard-editor');
    const answer = await call('dashboard-editor', 'GET', '/api/Dashboards/DeviceTypes');
    expect(answer.statusCode, answer.body).toBe(200);
    const own = await rows<{ t: string }>(
      sql`select distinct device_type as t from series where company_id = ${companyId} order by 1`,
    );
    expect(own.length).toBeGreaterThan(0);
    expect(answer.json().types).toEqual(own.map((row) => row.t));
    const fleet = await rows<{ t: string }>(sql`select distinct device_type as t from series order by 1`);
    const staff = await call('administrator', 'GET', '/api/Dashboards/DeviceTypes');
    expect(staff.json().types).toEqual(fleet.map((row) => row.t));
    expect((await call('dashboard-viewer', 'GET', '/api/Dashboards/DeviceTypes')).statusCode).toBe(403);
  });

  it('holds in its monthly counts every job, live and archived', async () => {
    const [sums] = await rows<{ counted: string; jobs: string }>(sql`select
      (select coalesce(sum(count), 0) from job_month_counts) as counted,
      (select count(*) from jobs) + (select count(*) from archived_jobs) as jobs`);
    expect(Number(sums!.jobs)).toBeGreaterThan(0);
    expect(Number(sums!.counted)).toBe(Number(sums!.jobs));
  });

  it('keeps the monthly counts in step when jobs are added, changed and removed', async () => {
    const widget: DashboardWidgetInput = {
      id: 'now',
      source: 'jobs',
      groupBy: 'month',
      splitBy: 'job_status',
      chartType: 'line',
      months: 1,
      layout,
    };
    const before = (await widgetsOf('administrator', [widget]))[0]!;
    const [device] = await db().select().from(series).limit(1);
    const [job] = await db()
      .insert(jobs)
      .values({
        seriesId: device!.id,
        companyId: device!.companyId,
        deviceType: device!.deviceType,
        workflow: 'test',
        jobType: 0,
        jobStatus: 3,
        beginDate: new Date(),
      })
      .returning({ id: jobs.id });
    const valueOf = (data: WidgetData, status: string) =>
      data.series.find((one) => one.key === status)?.values[0] ?? 0;
    const added = (await widgetsOf('administrator', [widget]))[0]!;
    expect(added.total).toBe(before.total + 1);
    expect(valueOf(added, '3')).toBe(valueOf(before, '3') + 1);

    await db().update(jobs).set({ jobStatus: 0 }).where(eq(jobs.id, job!.id));
    const changed = (await widgetsOf('administrator', [widget]))[0]!;
    expect(valueOf(changed, '3')).toBe(valueOf(before, '3'));
    expect(valueOf(changed, '0')).toBe(valueOf(before, '0') + 1);

    await db().delete(jobs).where(eq(jobs.id, job!.id));
    expect((await widgetsOf('administrator', [widget]))[0]!.total).toBe(before.total);
  });

  it('refuses a widget it cannot compute, naming the field', async () => {
    const pie = await call('administrator', 'POST', '/api/Dashboards/Data', {
      widgets: [
        { id: 'a', source: 'devices', groupBy: 'device_type', splitBy: 'country', chartType: 'pie', layout },
      ],
    });
    expect(pie.statusCode).toBe(400);
    expect(pie.json().message).toContain('splitBy');
    const months = await call('administrator', 'POST', '/api/Dashboards/Data', {
      widgets: [{ id: 'a', source: 'devices', groupBy: 'month', chartType: 'bar', layout }],
    });
    expect(months.statusCode).toBe(400);
    expect(months.json().message).toContain('groupBy');
    const twice = await call('administrator', 'POST', '/api/Dashboards/Data', {
      widgets: [
        { id: 'a', source: 'devices', groupBy: 'country', chartType: 'bar', layout },
        { id: 'a', source: 'devices', groupBy: 'country', chartType: 'bar', layout },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toContain('widgets.1.id');
  });
});

describe('saved dashboards', () => {
  const widgets = dashboardWidgetsSchema.parse([
    { id: 'one', source: 'devices', groupBy: 'country', chartType: 'bar', layout },
  ]);

  it('lets editors save and viewers only open, within their own company', async () => {
    const list = await call('dashboard-viewer', 'GET', '/api/Dashboards');
    expect(list.statusCode, list.body).toBe(200);
    const seeded = (list.json() as DashboardListAnswer).data;
    expect(seeded.length).toBeGreaterThan(0);

    expect(
      (await call('dashboard-viewer', 'POST', '/api/Dashboards', { name: 'Mine', widgets })).statusCode,
    ).toBe(403);
    const created = await call('dashboard-editor', 'POST', '/api/Dashboards', {
      name: 'Shop floor',
      widgets,
    });
    expect(created.statusCode, created.body).toBe(201);
    const dashboard = created.json() as Dashboard;
    expect(dashboard.updatedBy).toContain('Dashboard editor');

    // The viewer of the same company opens it, and it becomes the one they open next.
    const opened = await call('dashboard-viewer', 'GET', `/api/Dashboards/${dashboard.id}`);
    expect(opened.statusCode).toBe(200);
    expect((await call('dashboard-viewer', 'GET', '/api/Dashboards')).json().lastViewed).toBe(dashboard.id);
    expect(
      (await call('dashboard-viewer', 'PUT', `/api/Dashboards/${dashboard.id}`, { ...dashboard, name: 'x' }))
        .statusCode,
    ).toBe(403);

    // Another company and the maker's staff do not see it.
    expect((await call('administrator', 'GET', `/api/Dashboards/${dashboard.id}`)).statusCode).toBe(404);
    const staffList = (await call('administrator', 'GET', '/api/Dashboards')).json() as DashboardListAnswer;
    expect(staffList.data.map((one) => one.id)).not.toContain(dashboard.id);
  });

  it('saves over the version read and refuses a save made over another', async () => {
    const created = (
      await call('administrator', 'POST', '/api/Dashboards', { name: 'Factory', widgets })
    ).json() as Dashboard;
    const saved = await call('administrator', 'PUT', `/api/Dashboards/${created.id}`, {
      name: 'Factory floor',
      widgets: [...widgets, { ...widgets[0]!, id: 'two', chartType: 'table' }],
      version: created.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Dashboard).widgets.map((widget) => widget.chartType)).toEqual(['bar', 'table']);
    const stale = await call('administrator', 'PUT', `/api/Dashboards/${created.id}`, {
      name: 'Old',
      widgets,
      version: created.version,
    });
    expect(stale.statusCode).toBe(409);
    expect((await call('administrator', 'DELETE', `/api/Dashboards/${created.id}`)).statusCode).toBe(204);
    expect((await call('administrator', 'GET', `/api/Dashboards/${created.id}`)).statusCode).toBe(404);
  });
});
