// `npm run bench:jobs -w apps/server [-- --pglite N --postgres N --devices N --runs N]`: the jobs lists on
// a large set of jobs, through the API and as bare SQL (the repository's query alone), on PGlite and (when
// TEST_DATABASE_URL names a server) on PostgreSQL. Figures: median and 95th percentile in milliseconds.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { readCursorPaging } from '@fleet/contract';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedDatabase } from '../src/demo/seed.ts';
import { countJobs, findJobRows } from '../src/modules/jobs/repository.ts';
import { readJobQuery } from '../src/modules/jobs/service.ts';
import { benchPostgres, signedInHeaders, startBenchServer } from './bench-server.ts';
import { compare, ms, type Row } from './samples.ts';

const { values } = parseArgs({
  options: {
    pglite: { type: 'string', default: '1000000' },
    postgres: { type: 'string', default: '10000000' },
    devices: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '100' },
    /** How many pages the deep page is reached after, cursor by cursor. */
    depth: { type: 'string', default: '200' },
  },
});
const RUNS = Number(values.runs);
const DEPTH = Number(values.depth);
const DEVICES = Number(values.devices);
const SEED = 20250801;
const DAY = 86_400_000;
/** Untimed calls before the timed ones. */
const WARM_UP = 10;

async function fill(database: Database, label: string, jobs: number) {
  const started = performance.now();
  await seedDatabase(database.db, { seed: SEED, devices: DEVICES, jobs, demoUsers: true, now: new Date() });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `[${label}] seeded ${DEVICES} devices and ${jobs} jobs in ${seconds.toFixed(0)} s (${Math.round(jobs / seconds)} jobs per second)`,
  );
  await database.db.execute(sql`vacuum analyze`);
}

async function measure(label: string, database: Database, jobs: number): Promise<Row[]> {
  await fill(database, label, jobs);
  const server = await startBenchServer(database, 8291, { SEED: String(SEED) });
  const { app, baseUrl } = server;
  const rows: Row[] = [];
  const since = new Date(Date.now() - 90 * DAY).toISOString().slice(0, 10);
  const filtered = `FilterOnBeginDate=${since}&BeginDateOperator=since&JobStatus=0&PageSize=20`;
  try {
    const row = async (call: string, username: string, query: string, count = false) => {
      const headers = await signedInHeaders(baseUrl, username);
      const user = (await app.authenticate({ headers } as never))!;
      const pageQuery = readJobQuery(Object.fromEntries(new URLSearchParams(query)), user, 'LIVE');
      const url = `/api/Jobs${count ? '/count' : ''}?${query}`;
      const figures = await compare(
        RUNS,
        async () => {
          const response = await app.inject({ url, headers });
          if (response.statusCode !== 200) throw new Error(response.body);
        },
        () =>
          count
            ? countJobs(database.db, pageQuery.table, pageQuery.where)
            : findJobRows(database.db, pageQuery),
        WARM_UP,
      );
      rows.push({ database: label, call, ...figures });
    };
    await row('first page, filtered (administrator)', 'administrator', filtered);
    // The deep page: reached by following the next-page cursor, as a user paging would.
    const headers = await signedInHeaders(baseUrl, 'administrator');
    let cursor = 'first';
    for (let page = 0; page < DEPTH; page++) {
      const response = await app.inject({
        url: `/api/Jobs?${filtered}&cursor=${cursor}`,
        headers,
      });
      const next = readCursorPaging((name) => response.headers[name] as string | undefined).nextPage;
      if (!next) break;
      cursor = next;
    }
    await row(`page ${DEPTH + 1} by cursor (administrator)`, 'administrator', `${filtered}&cursor=${cursor}`);
    await row("first page (a customer's)", 'customer-engineering-user', filtered);
    await row('count, filtered (administrator)', 'administrator', filtered, true);
    await row(
      'count, one year (administrator)',
      'administrator',
      `FilterOnBeginDate=${new Date(Date.now() - 365 * DAY).toISOString().slice(0, 10)}&BeginDateOperator=since`,
      true,
    );
  } finally {
    await server.close();
  }
  return rows;
}

function print(rows: Row[]) {
  console.log(
    '| database   | call                                     | API median | API p95 | SQL median | SQL p95 | API p95 / SQL p95 |\n|---|---|---|---|---|---|---|',
  );
  for (const r of rows)
    console.log(
      `| ${r.database.padEnd(10)} | ${r.call.padEnd(40)} | ${ms(r.apiMedian)} | ${ms(r.apiP95)} | ${ms(r.sqlMedian)} | ${ms(r.sqlP95)} | ${(r.apiP95 / r.sqlP95).toFixed(2)} |`,
    );
}

console.log(`${DEVICES} devices, ${RUNS} runs each, milliseconds; each database prints as it finishes`);
print(await measure('PGlite', await openDatabase({}), Number(values.pglite)));
if (process.env.TEST_DATABASE_URL) {
  const { database, drop } = await benchPostgres(process.env.TEST_DATABASE_URL, 'fleet_bench_jobs');
  try {
    print(await measure('PostgreSQL', database, Number(values.postgres)));
  } finally {
    await drop();
  }
}
