// `npm run bench:alerts -w apps/server [-- --devices N --jobs N --runs N]`: one minute's evaluation of the
// alert rules (docs/notifications.md) over 100,000 devices and 10,000,000 jobs on PostgreSQL: every source
// reads the minute that passed, then the events are dispatched to the users' notifications. Figures: each
// source's and the whole turn's milliseconds (median, 95th percentile); budget: the turn ≤ 1,000 ms.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { seedRoles } from '../src/demo/seed.ts';
import { FLEET_EVENT_TYPES } from '@fleet/contract';
import { dispatchEvents, evaluateSources } from '../src/modules/alerts/engine.ts';
import type { EventConsumer } from '../src/modules/alerts/events.ts';
import { notificationConsumer } from '../src/modules/alerts/recipients.ts';
import { EVENT_SOURCES } from '../src/modules/alerts/sources.ts';
import { benchPostgres } from './bench-server.ts';
import { quantile } from './samples.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '100000' },
    jobs: { type: 'string', default: '10000000' },
    runs: { type: 'string', default: '20' },
  },
});
const DEVICES = Number(values.devices);
const JOBS = Number(values.jobs);
const RUNS = Number(values.runs);
const COMPANIES = 200;
const BATCH = 500_000;
const BUDGET_MS = 1000;

const run = (database: Database, statement: ReturnType<typeof sql>) => database.db.execute(statement);

/**
 * The fleet: devices in 200 companies, each with a heartbeat in the last two days and a certificate ending
 * within a year either way; jobs over two years, a day's worth (≈14,000) in the last 24 hours; staff and
 * customer users with rules at several thresholds.
 */
async function fill(database: Database): Promise<void> {
  const started = performance.now();
  await seedRoles(database.db);
  await run(
    database,
    sql`insert into companies (id, code, name, country, billing_currency)
      select gen_random_uuid(), 'C' || n, 'Company ' || n, 'FR', 'EUR' from generate_series(1, ${COMPANIES}) n`,
  );
  await run(
    database,
    sql`insert into series (serial_number, part_number, device_type, maker, device_status, company_id, registration_date)
      select lpad(n::text, 10, '0'), 'PN1', 'TPMS', 'Bench', 'A',
        (select id from companies order by code offset (n % ${COMPANIES}) limit 1), now() - interval '3 years'
      from generate_series(1, ${DEVICES}) n`,
  );
  await run(
    database,
    sql`insert into heartbeats (series_id, last_heartbeat)
      select id, now() - make_interval(secs => (id::bigint * 7919) % (2 * 86400)) from series`,
  );
  await run(
    database,
    sql`insert into certificates (series_id, number, calibration_date, end_of_validity_date)
      select id, 'B' || id, now() - interval '1 year', now() + make_interval(secs => ((id::bigint * 104729) % (2 * 365 * 86400)) - 365 * 86400)
      from series`,
  );
  const [first] = (
    (await run(database, sql`select min(id) as id from series`)) as unknown as { rows: { id: number }[] }
  ).rows;
  for (let done = 0; done < JOBS; done += BATCH) {
    const size = Math.min(BATCH, JOBS - done);
    await run(
      database,
      sql`insert into jobs (series_id, company_id, device_type, workflow, job_type, job_status, valid_chk, begin_date, posted_date)
        select s.id, s.company_id, s.device_type, 'bench', n % 6, n % 4, n % 3, d, d
        from (select n, now() - make_interval(secs => (n * 7919) % (2 * 365 * 86400)) d
              from generate_series(${done + 1}::bigint, ${done + size}::bigint) n) j
        join series s on s.id = ${first!.id} + (j.n % ${DEVICES})`,
    );
  }
  await run(
    database,
    sql`insert into users (id, issuer, subject, username, name, email, company_id)
      select gen_random_uuid(), 'local', 'u' || n, 'user' || n, 'User ' || n, 'user' || n || '@bench.test',
        case when n % 4 = 0 then null else (select id from companies order by code offset (n % ${COMPANIES}) limit 1) end
      from generate_series(1, 1000) n`,
  );
  await run(
    database,
    sql`insert into user_roles (user_id, role_code)
      select id, case when company_id is null then 'support-user' else 'customer-engineering-manager' end from users`,
  );
  // A third of the users chose their own rules, at thresholds of their own.
  await run(
    database,
    sql`insert into alert_rules (user_id, kind, threshold, channel)
      select id, 'device.offline', (array[15, 60, 240])[1 + (row_number() over ()) % 3], 'console'
      from users where username like '%3' or username like '%6' or username like '%9'`,
  );
  await run(database, sql`insert into alert_preferences (user_id) select distinct user_id from alert_rules`);
  await run(database, sql`vacuum analyze`);
  console.log(`filled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

/** One minute's turn, as a node runs it: the sources over the minute that passed, then the dispatch. */
async function turn(database: Database) {
  await run(database, sql`delete from notifications`);
  await run(database, sql`delete from device_alert_states`);
  await run(database, sql`delete from fleet_events`);
  await run(database, sql`update alert_sources set read_up_to = now() - interval '60 seconds'`);
  // Beside the users' notifications, a webhook subscribed to every event: each source reads its window.
  const everything: EventConsumer = {
    name: 'every event',
    wants: async () => new Set(FLEET_EVENT_TYPES),
    consume: async () => {},
  };
  const consumers = [notificationConsumer(async () => {}), everything];
  const started = performance.now();
  const totals = await evaluateSources(database.db, EVENT_SOURCES, consumers);
  const evaluated = performance.now();
  const dispatched = await dispatchEvents(database.db, consumers, () => {});
  const ended = performance.now();
  return {
    evaluate: evaluated - started,
    dispatch: ended - evaluated,
    total: ended - started,
    ...totals,
    dispatched,
  };
}

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: run through scripts/with-postgres.sh');
const { database, drop } = await benchPostgres(adminUrl, 'fleet_bench_alerts');
try {
  console.log(`alert evaluation: ${DEVICES} devices, ${JOBS} jobs, ${RUNS} turns of one minute each`);
  await fill(database);
  await turn(database); // the first turn writes each source's row
  const turns: Awaited<ReturnType<typeof turn>>[] = [];
  for (let r = 0; r < RUNS; r++) turns.push(await turn(database));
  const figure = (name: 'evaluate' | 'dispatch' | 'total') => {
    const samples = turns.map((one) => one[name]);
    return `${name.padEnd(9)} median ${quantile(samples, 0.5).toFixed(0).padStart(5)} ms   p95 ${quantile(samples, 0.95).toFixed(0).padStart(5)} ms`;
  };
  const last = turns.at(-1)!;
  console.log(
    `each turn: ${last.sources} sources, ${last.written} events written, ${last.dispatched} dispatched`,
  );
  for (const name of ['evaluate', 'dispatch', 'total'] as const) console.log(figure(name));
  const p95 = quantile(
    turns.map((one) => one.total),
    0.95,
  );
  console.log(
    p95 <= BUDGET_MS ? `within the budget of ${BUDGET_MS} ms` : `OVER the budget of ${BUDGET_MS} ms`,
  );
} finally {
  await database.close();
  await drop();
}
