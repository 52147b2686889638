// `npm run bench`: the series page and the heartbeat status call on a large fleet, through the API
// and as bare SQL, on PGlite and (when a server is given in TEST_DATABASE_URL) on PostgreSQL.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedDatabase } from '../src/demo/seed.ts';
import { series } from '../src/db/schema.ts';
import { HeartbeatRecorder } from '../src/modules/heartbeats/recorder.ts';
import { readSeriesQuery } from '../src/modules/series/service.ts';
import { findSeriesPage } from '../src/modules/series/repository.ts';
import { findLastHeartbeats } from '../src/modules/heartbeats/repository.ts';
import { benchPostgres, signedInHeaders, startBenchServer } from './bench-server.ts';
import { compare, ms, type Row } from './samples.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '100000' },
    heartbeats: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '200' },
  },
});
const DEVICES = Number(values.devices);
const HEARTBEATS = Number(values.heartbeats);
const RUNS = Number(values.runs);
const SEED = 20250801;
const PAGE_QUERY =
  'TypeFilter=TPMS-TOOL&StatusFilter=Offline&SortColumnName=RegistrationDate&SortOrder=DESC&PageSize=20&PageNumber=3';

async function fill(database: Database, label: string) {
  let started = performance.now();
  await seedDatabase(database.db, { seed: SEED, devices: DEVICES, demoUsers: true, now: new Date() });
  console.log(
    `[${label}] seeded ${DEVICES} devices in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const devices = await database.db.select({ id: series.id, sn: series.serialNumber }).from(series);
  const serials = devices.map((r) => r.sn);
  started = performance.now();
  const recorder = new HeartbeatRecorder(database.db, 3_600_000);
  const base = Date.now() - HEARTBEATS * 5;
  for (let i = 0; i < HEARTBEATS; i++) {
    recorder.record(devices[i % devices.length]!.id, new Date(base + i * 5));
    if (i % serials.length === serials.length - 1) await recorder.flush();
  }
  await recorder.close();
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `[${label}] recorded ${HEARTBEATS} heartbeats in ${seconds.toFixed(1)} s (${Math.round(HEARTBEATS / seconds)} per second, batched upserts)`,
  );
  // As autovacuum would have by then: statistics and the visibility map for index-only scans.
  await database.db.execute(sql`vacuum analyze`);
  return serials;
}

async function measure(label: string, database: Database): Promise<Row[]> {
  const serials = await fill(database, label);
  const server = await startBenchServer(database, 8290, { SEED: String(SEED) });
  const { app } = server;
  const rows: Row[] = [];
  try {
    for (const username of ['administrator', 'customer-engineering-user']) {
      const headers = await signedInHeaders(server.baseUrl, username);
      const user = await app.authenticate({ headers } as never);
      const aliveSince = new Date(Date.now() - app.config.heartbeatAliveSeconds * 1000);
      const { filters, page } = readSeriesQuery(
        Object.fromEntries(new URLSearchParams(PAGE_QUERY)),
        user!,
        aliveSince,
      );
      const figures = await compare(
        RUNS,
        async () => {
          const response = await app.inject({ url: `/api/Series/User?${PAGE_QUERY}`, headers });
          if (response.statusCode !== 200) throw new Error(response.body);
        },
        () => findSeriesPage(database.db, filters, page),
      );
      rows.push({ database: label, call: `series page (${username})`, ...figures });
    }
    const headers = await signedInHeaders(server.baseUrl, 'support-user');
    let offset = 0;
    const batch = () => serials.slice((offset = (offset + 100) % (serials.length - 100)), offset + 100);
    const figures = await compare(
      RUNS,
      async () => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/HeartBeat/status',
          headers,
          payload: batch(),
        });
        if (response.statusCode !== 200) throw new Error(response.body);
      },
      () => findLastHeartbeats(database.db, undefined, batch()),
    );
    rows.push({ database: label, call: 'heartbeat status, 100 serials', ...figures });
  } finally {
    await server.close();
  }
  return rows;
}

function print(rows: Row[]) {
  for (const r of rows) {
    console.log(
      `| ${r.database.padEnd(10)} | ${r.call.padEnd(45)} | ${ms(r.apiMedian)} | ${ms(r.apiP95)} | ${ms(r.sqlMedian)} | ${ms(r.sqlP95)} | ${(r.apiMedian / r.sqlMedian).toFixed(2)} |`,
    );
  }
}

console.log(
  `${DEVICES} devices, ${HEARTBEATS} heartbeats recorded, ${RUNS} runs each; milliseconds; rows print as each database finishes`,
);
const header =
  '| database   | call                                          | API median | API p95 | SQL median | SQL p95 | API / SQL (median) |\n|---|---|---|---|---|---|---|';
const embeddedRows = await measure('PGlite', await openDatabase({}));
console.log(header);
print(embeddedRows);
if (process.env.TEST_DATABASE_URL) {
  const { database, drop } = await benchPostgres(process.env.TEST_DATABASE_URL, 'fleet_bench');
  const rows = await measure('PostgreSQL', database);
  await drop();
  console.log(header);
  print(rows);
} else {
  console.log('PostgreSQL: skipped, no TEST_DATABASE_URL (run `npm run bench`, which starts one)');
}
