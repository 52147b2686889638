// `npm run bench:load -w apps/server`: the real server with the demo fleet, under 50 concurrent
// connections listing 100-device pages as the administrator, while a probe asks /api/health every 200 ms;
// then the same pages' SQL alone (the statements the list sends, as captured from it, through the
// database's own client) from 50 concurrent callers for as long. The ratio of the two rates is what the API layers cost under load (target ≥ 0.5). On
// PGlite, and on PostgreSQL when TEST_DATABASE_URL names a server.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { sql, type Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { openDatabase, type Database, type Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { seedDatabase } from '../src/demo/seed.ts';
import { readSeriesQuery } from '../src/modules/series/service.ts';
import { findSeriesPage } from '../src/modules/series/repository.ts';
import { benchPostgres, signedInHeaders, startBenchServer } from './bench-server.ts';
import { quantile } from './samples.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
  },
});
const DEVICES = Number(values.devices);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const PAGE_SIZE = 100;
const PAGES = Math.ceil(DEVICES / PAGE_SIZE);
const SEED = 20250801;
const TARGET_RATIO = 0.5;

interface LoadResult {
  requests: number;
  seconds: number;
  timeouts: number;
  errors: number;
  non2xx: number;
  listLatencies: number[];
  probeLatencies: number[];
  probeFailures: number;
  probeTimeouts: number;
}

const pageQuery = (page: number) => ({ PageSize: String(PAGE_SIZE), PageNumber: String(page) });

function throughApi(baseUrl: string, token: string): Promise<LoadResult> {
  return new Promise<LoadResult>((resolve, reject) => {
    const worker = new Worker(new URL('./load-client.mjs', import.meta.url), {
      workerData: {
        baseUrl,
        token,
        connections: CONNECTIONS,
        durationSeconds: SECONDS,
        pages: PAGES,
        pageSize: PAGE_SIZE,
        probeEveryMs: 200,
        timeoutSeconds: 10,
      },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`load generator exited (${code})`)));
  });
}

interface Statement {
  text: string;
  params: unknown[];
}
/** What both databases' clients answer: a statement and its parameters. */
interface BareClient {
  query(text: string, params: unknown[]): Promise<unknown>;
}

/** The statements the list sends for each page, recorded from a drizzle on the same client. */
async function statementsOfPages(
  database: Database,
  list: (db: Db, page: number) => Promise<unknown>,
): Promise<Statement[][]> {
  let recorded: Statement[] = [];
  const logger: Logger = { logQuery: (text, params) => void recorded.push({ text, params }) };
  const client = (database.db as unknown as { $client: never }).$client;
  const db = (database.kind === 'postgres'
    ? drizzlePg(client, { schema, logger })
    : drizzlePglite(client, { schema, logger })) as unknown as Db;
  const pages: Statement[][] = [];
  for (let page = 1; page <= PAGES; page++) {
    recorded = [];
    await list(db, page);
    pages.push(recorded);
  }
  return pages;
}

/** The pages' SQL alone, CONNECTIONS callers at once for SECONDS: pages per second. */
async function bareQueries(run: (page: number) => Promise<unknown>): Promise<number> {
  let page = 0;
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  const caller = async () => {
    while (performance.now() < until) {
      await run((page++ % PAGES) + 1);
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, caller));
  return done / ((performance.now() - started) / 1000);
}

async function measure(label: string, database: Database, port: number) {
  const started = performance.now();
  await seedDatabase(database.db, { seed: SEED, devices: DEVICES, demoUsers: true, now: new Date() });
  await database.db.execute(sql`vacuum analyze`);
  console.log(
    `[${label}] seeded ${DEVICES} devices in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const server = await startBenchServer(database, port, { SEED: String(SEED) });
  const { app, baseUrl } = server;
  try {
    const headers = await signedInHeaders(baseUrl, 'administrator');
    const warmUp = await fetch(`${baseUrl}/api/Series/User?${new URLSearchParams(pageQuery(1))}`, {
      headers,
    });
    if (warmUp.status !== 200) throw new Error(`list answered ${warmUp.status}: ${await warmUp.text()}`);
    // The server's own thread during the load: how busy, and how late its timers and callbacks ran.
    const busy = performance.eventLoopUtilization();
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const result = await throughApi(baseUrl, headers.authorization.slice('Bearer '.length));
    delay.disable();
    const utilization = performance.eventLoopUtilization(busy).utilization;

    const user = (await app.authenticate({ headers } as never))!;
    const aliveSince = new Date(Date.now() - app.config.heartbeatAliveSeconds * 1000);
    const statements = await statementsOfPages(database, (db, page) => {
      const { filters, page: paging } = readSeriesQuery(pageQuery(page), user, aliveSince);
      return findSeriesPage(db, filters, paging);
    });
    const client = (database.db as unknown as { $client: BareClient }).$client;
    const bareRate = await bareQueries((page) =>
      Promise.all(statements[page - 1]!.map(({ text, params }) => client.query(text, params))),
    );
    return { label, result, utilization, delay, bareRate };
  } finally {
    await server.close();
  }
}

type Measured = Awaited<ReturnType<typeof measure>>;

function print(rows: Measured[]) {
  const f = (ms: number) => `${ms.toFixed(0)} ms`;
  console.log(
    [
      '| database | API pages/s | SQL alone pages/s | API / SQL (target ≥ 0.5) | API p50 | API p95 | API p99 | timeouts | errors | non-2xx | health p50 | health p95 | health max | health timeouts / errors | server thread busy | event-loop delay p99 |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows.map(({ label, result, utilization, delay, bareRate }) => {
        const list = result.listLatencies;
        const probes = result.probeLatencies;
        const apiRate = result.requests / result.seconds;
        const ratio = apiRate / bareRate;
        return `| ${label} | ${apiRate.toFixed(1)} | ${bareRate.toFixed(1)} | ${ratio.toFixed(2)} ${ratio >= TARGET_RATIO ? 'met' : 'NOT MET'} | ${f(quantile(list, 0.5))} | ${f(quantile(list, 0.95))} | ${f(quantile(list, 0.99))} | ${result.timeouts} | ${result.errors} | ${result.non2xx} | ${f(quantile(probes, 0.5))} | ${f(quantile(probes, 0.95))} | ${result.probeTimeouts ? '≥ 10 s (timed out)' : f(Math.max(...probes))} | ${result.probeTimeouts} / ${result.probeFailures} | ${(utilization * 100).toFixed(0)} % | ${f(delay.percentile(99) / 1e6)} |`;
      }),
    ].join('\n'),
  );
}

console.log(
  `${CONNECTIONS} connections for ${SECONDS} s on GET /api/Series/User?PageSize=${PAGE_SIZE}&PageNumber=1..${PAGES} (administrator, /api/health every 200 ms), then the query alone from ${CONNECTIONS} callers for as long`,
);
const rows = [await measure('PGlite', await openDatabase({}), 8291)];
if (process.env.TEST_DATABASE_URL) {
  const { database, drop } = await benchPostgres(process.env.TEST_DATABASE_URL, 'fleet_bench_load');
  try {
    rows.push(await measure('PostgreSQL', database, 8292));
  } finally {
    await drop();
  }
}
print(rows);
console.log(
  `load average (1, 5, 15 min): ${loadavg()
    .map((load) => load.toFixed(2))
    .join(', ')}`,
);
