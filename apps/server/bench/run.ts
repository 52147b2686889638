// `npm run bench`: the series page and the heartbeat status call on a large fleet, through the API
// and as bare SQL, on PGlite and (when a server is given in TEST_DATABASE_URL) on PostgreSQL.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { seedDatabase } from '../src/demo/seed.ts';
import { series } from '../src/db/schema.ts';
import { buildApp } from '../src/app.ts';
import { HeartbeatRecorder } from '../src/modules/heartbeats/recorder.ts';
import { readSeriesQuery } from '../src/modules/series/service.ts';
import { findSeriesPage } from '../src/modules/series/repository.ts';
import { findLastHeartbeats } from '../src/modules/heartbeats/repository.ts';
import { signInThroughIdp } from '@fleet/device-kit/sign-in';
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
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fleet-bench-'));
  const port = 8290;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEMO_MODE: 'true',
    LOG_LEVEL: 'silent',
    SEED: String(SEED),
  });
  const app = await buildApp({ config, database, logger: false, webDir: path.join(dataDir, 'none') });
  await app.listen({ port, host: '127.0.0.1' });
  const rows: Row[] = [];
  try {
    for (const username of ['administrator', 'customer-engineering-user']) {
      const signIn = await signInThroughIdp(`http://127.0.0.1:${port}`, username);
      if (!signIn.ok) throw new Error('sign-in failed');
      const headers = { authorization: `Bearer ${signIn.tokens.access_token}` };
      const user = await app.authenticate({ headers } as never);
      const aliveSince = new Date(Date.now() - config.heartbeatAliveSeconds * 1000);
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
    const signIn = await signInThroughIdp(`http://127.0.0.1:${port}`, 'support-user');
    if (!signIn.ok) throw new Error('sign-in failed');
    const headers = { authorization: `Bearer ${signIn.tokens.access_token}` };
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
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}

async function postgresDatabase(
  adminUrl: string,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('drop database if exists fleet_bench with (force)');
  await admin.query('create database fleet_bench');
  const url = new URL(adminUrl);
  url.pathname = '/fleet_bench';
  const database = await openDatabase({ databaseUrl: url.href });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.query('drop database if exists fleet_bench with (force)');
      await admin.end();
    },
  };
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
const embedded = await openDatabase({});
const embeddedRows = await measure('PGlite', embedded);
await embedded.close();
console.log(header);
print(embeddedRows);
if (process.env.TEST_DATABASE_URL) {
  const { database, drop } = await postgresDatabase(process.env.TEST_DATABASE_URL);
  const rows = await measure('PostgreSQL', database);
  await drop();
  console.log(header);
  print(rows);
} else {
  console.log('PostgreSQL: skipped, no TEST_DATABASE_URL (run `npm run bench`, which starts one)');
}
