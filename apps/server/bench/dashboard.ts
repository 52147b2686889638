// `npm run bench:dashboard -w apps/server [-- --jobs N --devices N --runs N]`: a 10-widget dashboard over
// N jobs (10,000,000 by default) on PostgreSQL, for the maker's staff (the whole fleet) and for a customer,
// through the API and as its queries alone. The jobs are written in batches with the summary triggers on,
// as devices would write them. Figures: median and 95th percentile in milliseconds; budget p95 ≤ 300 ms.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { DASHBOARD_TEMPLATE, dashboardWidgetsSchema, type DashboardWidgetInput } from '@fleet/contract';
import type { Database } from '../src/db/client.ts';
import { seedDatabase } from '../src/demo/seed.ts';
import { dashboardData } from '../src/modules/dashboards/service.ts';
import { benchPostgres, signedInHeaders, startBenchServer } from './bench-server.ts';
import { compare, ms, type Row } from './samples.ts';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '10000000' },
    devices: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '100' },
  },
});
const JOBS = Number(values.jobs);
const DEVICES = Number(values.devices);
const RUNS = Number(values.runs);
const SEED = 20250801;
const BATCH = 500_000;
const BUDGET_MS = 300;

/** The template's seven widgets and three more: ten, over every source. */
const WIDGETS = dashboardWidgetsSchema.parse([
  ...DASHBOARD_TEMPLATE,
  {
    id: 'countries',
    source: 'devices',
    groupBy: 'country',
    chartType: 'bar',
    layout: { x: 0, y: 11, w: 4, h: 3 },
  },
  {
    id: 'due-by-type',
    source: 'calibration',
    groupBy: 'device_type',
    splitBy: 'calibration_status',
    chartType: 'bar',
    layout: { x: 4, y: 11, w: 4, h: 3 },
  },
  {
    id: 'ten-years',
    source: 'jobs',
    groupBy: 'year',
    splitBy: 'job_type',
    chartType: 'heatmap',
    months: 120,
    synthetic: true,
    layout: { x: 8, y: 11, w: 4, h: 3 },
  },
] satisfies DashboardWidgetInput[]);

/** Jobs over the last five years on the fleet's devices, written as devices write them: in batches. */
async function writeJobs(database: Database): Promise<void> {
  const [first] = (
    (await database.db.execute(sql`select min(id) as id from series`)) as unknown as {
      rows: { id: number }[];
    }
  ).rows;
  const started = performance.now();
  for (let done = 0; done < JOBS; done += BATCH) {
    const size = Math.min(BATCH, JOBS - done);
    await database.db.execute(sql`
      insert into jobs (series_id, company_id, device_type, workflow, job_type, job_status, synthetic, begin_date, posted_date)
      select s.id, s.company_id, s.device_type, 'bench', (n % 6), (n % 4), (n % 20 = 0),
        now() - make_interval(secs => (n * 7919 % (5 * 365 * 86400))), now()
      from generate_series(${done + 1}::bigint, ${done + size}::bigint) n
      join series s on s.id = ${first!.id} + (n % ${DEVICES})`);
  }
  const seconds = (performance.now() - started) / 1000;
  console.log(`wrote ${JOBS} jobs in ${seconds.toFixed(0)} s (${Math.round(JOBS / seconds)} per second)`);
  await database.db.execute(sql`vacuum analyze`);
  const [check] = (
    (await database.db.execute(
      sql`select (select count(*) from jobs) as jobs, (select sum(count) from job_month_counts) as counted`,
    )) as unknown as { rows: { jobs: string; counted: string }[] }
  ).rows;
  if (check!.jobs !== check!.counted)
    throw new Error(`the monthly counts say ${check!.counted} jobs, the table holds ${check!.jobs}`);
  console.log(`monthly counts: ${check!.counted} jobs in step with the jobs table`);
}

async function measure(database: Database): Promise<Row[]> {
  await seedDatabase(database.db, { seed: SEED, devices: DEVICES, jobs: 'later', demoUsers: true });
  await writeJobs(database);
  const server = await startBenchServer(database, 8292, { SEED: String(SEED) });
  const { app } = server;
  const rows: Row[] = [];
  try {
    for (const [call, username] of [
      ['10 widgets, whole fleet (administrator)', 'administrator'],
      ["10 widgets, a customer's", 'customer-engineering-manager'],
    ] as const) {
      const headers = await signedInHeaders(server.baseUrl, username);
      const user = (await app.authenticate({ headers } as never))!;
      const aliveSince = new Date(Date.now() - app.config.heartbeatAliveSeconds * 1000);
      const figures = await compare(
        RUNS,
        async () => {
          const response = await app.inject({
            method: 'POST',
            url: '/api/Dashboards/Data',
            headers,
            payload: { widgets: WIDGETS },
          });
          if (response.statusCode !== 200) throw new Error(response.body);
        },
        () => dashboardData(database.db, WIDGETS, { user, aliveSince, now: new Date() }),
        10,
      );
      rows.push({ database: 'PostgreSQL', call, ...figures });
    }
  } finally {
    await server.close();
  }
  return rows;
}

if (!process.env.TEST_DATABASE_URL)
  throw new Error('Run through scripts/with-postgres.sh (npm run bench:dashboard)');
console.log(`${DEVICES} devices, ${JOBS} jobs, ${RUNS} runs each, milliseconds`);
const { database, drop } = await benchPostgres(process.env.TEST_DATABASE_URL, 'fleet_bench_dashboard');
try {
  const rows = await measure(database);
  console.log('| call | API median | API p95 | SQL median | SQL p95 |\n|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.call} | ${ms(r.apiMedian)} | ${ms(r.apiP95)} | ${ms(r.sqlMedian)} | ${ms(r.sqlP95)} |`,
    );
  const worst = Math.max(...rows.map((r) => r.apiP95));
  console.log(
    worst <= BUDGET_MS
      ? `Within the budget: p95 ${worst.toFixed(0)} ms of ${BUDGET_MS} ms for the whole dashboard`
      : `Over the budget: p95 ${worst.toFixed(0)} ms of ${BUDGET_MS} ms for the whole dashboard`,
  );
} finally {
  await drop();
}
