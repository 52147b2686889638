// Prints the query plans of the benchmark's series page on a large fleet (`tsx bench/explain.ts`).
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { seedDatabase } from '../src/demo/seed.ts';
import { HeartbeatRecorder } from '../src/modules/heartbeats/recorder.ts';
import { series } from '../src/db/schema.ts';

const url = process.env.TEST_DATABASE_URL;
const devices = Number(process.argv[2] ?? 100000);
let database;
if (url) {
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query('drop database if exists fleet_explain with (force)');
  await admin.query('create database fleet_explain');
  await admin.end();
  const u = new URL(url);
  u.pathname = '/fleet_explain';
  database = await openDatabase({ databaseUrl: u.href });
} else {
  database = await openDatabase({});
}
await seedDatabase(database.db, { seed: 20250801, devices, demoUsers: false });
const serialIds = (await database.db.select({ id: series.id }).from(series)).map((r) => r.id);
const recorder = new HeartbeatRecorder(database.db, 3_600_000);
serialIds.forEach((id, i) => recorder.record(id, new Date(Date.now() - (i % 1000) * 1000)));
await recorder.close();
await database.db.execute(sql`vacuum analyze`);
const since = new Date(Date.now() - 120_000).toISOString();
for (const [label, query] of [
  [
    'page',
    sql`explain analyze select s.id from series s left join stores st on st.id = s.store_id where s.device_type in ('TPMS-TOOL') and not exists (select 1 from heartbeats h where h.series_id = s.id and h.last_heartbeat > ${since}::timestamptz) order by s.registration_date desc, s.id desc limit 20 offset 40`,
  ],
  [
    'count',
    sql`explain analyze select count(*) from series s where s.device_type in ('TPMS-TOOL') and not exists (select 1 from heartbeats h where h.series_id = s.id and h.last_heartbeat > ${since}::timestamptz)`,
  ],
  [
    'count online (exists)',
    sql`explain analyze select count(*) from series s where s.device_type in ('TPMS-TOOL') and exists (select 1 from heartbeats h where h.series_id = s.id and h.last_heartbeat > ${since}::timestamptz)`,
  ],
  ['count plain', sql`explain analyze select count(*) from series s where s.device_type in ('TPMS-TOOL')`],
] as const) {
  const result = await database.db.execute(query);
  const rows =
    (result as unknown as { rows: Record<string, string>[] }).rows ??
    (result as unknown as Record<string, string>[]);
  console.log(`--- ${label}`);
  for (const row of rows) console.log(Object.values(row)[0]);
}
await database.close();
