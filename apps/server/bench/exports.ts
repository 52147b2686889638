// `npm run bench:exports -w apps/server [-- --jobs N --devices N]`: jobs exports on PostgreSQL (the
// server of TEST_DATABASE_URL), the server in a process of its own: rows written per second from the
// task's start to its end, and the server's peak resident memory during each export (Linux VmHWM,
// reset before each one).
import { readFile, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import {
  EXPORT_ROW_LIMITS,
  TASK_STATUS,
  taskListAnswerSchema,
  type ExportType,
  type Task,
} from '@fleet/contract';
import { openDatabase } from '../src/db/client.ts';
import { seedDatabase } from '../src/demo/seed.ts';
import { serverProcessHome, stop } from '../test/server-process.ts';
import { signInThroughIdp } from '@fleet/device-kit/sign-in';
import { demoDataWritten } from '@fleet/device-kit/demo-data-written';

const { values } = parseArgs({
  options: {
    // About 70 % of the jobs are live and not synthetic (the rest archived or self-tests).
    jobs: { type: 'string', default: '1450000' },
    devices: { type: 'string', default: '10000' },
  },
});
const SEED = 20250801;
const JOBS = Number(values.jobs);
const DEVICES = Number(values.devices);

if (!process.env.TEST_DATABASE_URL)
  throw new Error('run through scripts/with-postgres.sh (TEST_DATABASE_URL)');
const home = await serverProcessHome('bench_exports');
const database = await openDatabase({ databaseUrl: home.databaseUrl });
const seeding = performance.now();
await seedDatabase(database.db, {
  seed: SEED,
  devices: DEVICES,
  jobs: JOBS,
  demoUsers: true,
  now: new Date(),
});
await database.db.execute(sql`vacuum analyze`);
await database.close();
console.log(
  `seeded ${DEVICES} devices and ${JOBS} jobs in ${((performance.now() - seeding) / 1000).toFixed(0)} s`,
);

const server = await home.start({
  SEED: String(SEED),
  SEED_DEVICES: String(DEVICES),
  SEED_JOBS: String(JOBS),
});
const base = `http://127.0.0.1:${home.port}`;
// The demo jobs' media are written in the background on a first start: the exports start after.
await demoDataWritten(base, 600_000);
const signIn = await signInThroughIdp(base, 'administrator');
if (!signIn.ok) throw new Error('sign-in failed');
const headers = { authorization: `Bearer ${signIn.tokens.access_token}`, 'content-type': 'application/json' };

/** Peak resident memory of the server since the last reset, in MB. */
async function peakRss(): Promise<number> {
  const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}
const resetPeak = () => writeFile(`/proc/${server.pid}/clear_refs`, '5');

async function count(filters: Record<string, string>): Promise<number> {
  const response = await fetch(`${base}/api/Jobs/count?${new URLSearchParams(filters)}`, { headers });
  return ((await response.json()) as { data: number }).data;
}

/** Filters matching as many jobs as a type holds at most: the days before now, widened while they fit. */
async function filtersUpTo(limit: number | undefined): Promise<Record<string, string>> {
  const since = (days: number) => ({
    FilterOnBeginDate: new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10),
    BeginDateOperator: 'since',
  });
  const all = { FilterOnBeginDate: '2000-01-01', BeginDateOperator: 'since' };
  // Counts stop at 100,000: a limit above that (XLSX) is taken as the whole set, which this seed keeps under it.
  if (limit === undefined || (await count(all)) <= limit) return all;
  let days = 1;
  while ((await count(since(days * 2))) <= limit && days < 1000) days *= 2;
  while ((await count(since(days + 1))) <= limit) days += 1;
  return since(days);
}

async function exportOnce(type: ExportType) {
  const filters = await filtersUpTo(EXPORT_ROW_LIMITS[type]);
  await resetPeak();
  const before = await peakRss();
  const response = await fetch(`${base}/api/Jobs/Export`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ExportDescription: `Bench ${type}`, JobFilters: filters, ExportType: type }),
  });
  if (response.status !== 202) throw new Error(await response.text());
  const { requestId } = (await response.json()) as { requestId: string };
  let task: Task | undefined;
  for (;;) {
    const list = await fetch(`${base}/api/Task?PageSize=10`, { headers });
    task = taskListAnswerSchema.parse(await list.json()).data.find((t) => t.requestId === requestId);
    if (task?.status === TASK_STATUS.DONE || task?.status === TASK_STATUS.ENDED) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (task.status !== TASK_STATUS.DONE) throw new Error(`${type} export ended: ${task.error}`);
  const seconds = (Date.parse(task.finishedDateTime!) - Date.parse(task.startedDateTime!)) / 1000;
  const rows = task.progress!.total;
  return { type, rows, seconds, rowsPerSecond: rows / seconds, peakMb: await peakRss(), idleMb: before };
}

/** Rows a second each type should reach on this machine, and the server's peak memory during any export. */
const TARGETS: Partial<Record<ExportType, number>> = { CSV: 100_000, XLSX: 30_000 };
const PEAK_TARGET_MB = 300;
const verdict = (met: boolean, target: string) => (met ? '(met)' : `(NOT met: ${target})`);

try {
  console.log(
    '| type | rows | seconds | rows per second | server peak RSS (MB) | RSS before (MB) |\n|---|---|---|---|---|---|',
  );
  // BENCH_TYPES=CSV,XLSX measures only those.
  for (const type of (process.env.BENCH_TYPES?.split(',') ?? [
    'CSV',
    'XLSX',
    'HTML',
    'PDF',
  ]) as ExportType[]) {
    const r = await exportOnce(type);
    const target = TARGETS[type];
    const rate = Math.round(r.rowsPerSecond);
    console.log(
      `| ${r.type} | ${r.rows} | ${r.seconds.toFixed(1)} | ${rate} ${target ? verdict(rate >= target, `≥ ${target}`) : ''} | ${r.peakMb.toFixed(0)} ${verdict(r.peakMb <= PEAK_TARGET_MB, `≤ ${PEAK_TARGET_MB}`)} | ${r.idleMb.toFixed(0)} |`,
    );
  }
  console.log(
    `load average (1, 5, 15 min): ${loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
  );
} finally {
  await stop(server, 'SIGTERM');
  await home.remove();
}
