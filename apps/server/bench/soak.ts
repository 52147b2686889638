// The soak (docs/scaling.md): two nodes behind nginx on PostgreSQL, Redis and a bucket for --minutes
// (10 by default), under simulated devices (heartbeats, jobs, updates, technicians on the live hub) and
// consoles (lists, exports, hub connections). Prints throughput, latencies, errors and memory over time.
//   npm run soak -w apps/server -- [--minutes 10] [--devices 1000] [--consoles 12]
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { CONSOLE_NAMESPACE, HUB_PATH, TASK_STATUS } from '@fleet/contract';
import { signInThroughIdp } from '@fleet/device-kit/sign-in';
import { startCluster, type Cluster } from '../test/cluster/cluster.ts';
import { JOBS_PER_DEVICE } from '../src/demo/seed-jobs.ts';
import { quantile } from './samples.ts';
import { bucketQuantile, increase, parseSamples, type Sample } from './prometheus-text.ts';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10' },
    devices: { type: 'string', default: '1000' },
    consoles: { type: 'string', default: '12' },
    fleet: { type: 'string', default: '2000' },
  },
});
const MINUTES = Number(values.minutes);
const DEVICES = Number(values.devices);
const CONSOLES = Number(values.consoles);
const FLEET = Number(values.fleet);
const USERS = ['administrator', 'support-manager', 'customer-engineering-manager', 'devops-manager'];
/** Who exports: one console in four, once a minute. */
const EXPORT_EVERY_MS = 60_000;
/** Access tokens last 10 minutes: consoles sign in again before. */
const SIGN_IN_EVERY_MS = 8 * 60_000;

interface Call {
  kind: string;
  ms: number;
  ok: boolean;
  at: number;
}

const calls: Call[] = [];
const errors = new Map<string, number>();
let stopping = false;

function noteError(kind: string, detail: string) {
  const key = `${kind}: ${detail}`.slice(0, 160);
  errors.set(key, (errors.get(key) ?? 0) + 1);
}

async function timed(kind: string, work: () => Promise<Response>): Promise<Response | null> {
  const started = performance.now();
  try {
    const response = await work();
    const ok = response.ok;
    calls.push({ kind, ms: performance.now() - started, ok, at: Date.now() });
    if (!ok) noteError(kind, `${response.status} ${(await response.clone().text()).slice(0, 100)}`);
    return response;
  } catch (error) {
    calls.push({ kind, ms: performance.now() - started, ok: false, at: Date.now() });
    noteError(kind, (error as Error).message);
    return null;
  }
}

/** Every node's metrics, scraped directly (loopback) as a monitoring system would. */
async function scrape(cluster: Cluster): Promise<Sample[]> {
  const texts = await Promise.all(
    cluster.nodes.map(async (node) => (await fetch(`${node.url}/api/metrics`)).text()),
  );
  return texts.flatMap(parseSamples);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A person at a console: signs in, stays on the live hub, pages through lists, now and then exports. */
async function consoleUser(cluster: Cluster, index: number) {
  const username = USERS[index % USERS.length]!;
  let token = '';
  let signedAt = 0;
  let socket: Socket | null = null;
  let lastExport = Date.now() - (index * EXPORT_EVERY_MS) / CONSOLES;
  const signIn = async () => {
    const started = performance.now();
    const signed = await signInThroughIdp(cluster.url, username, 'demo', '/console', {
      'x-forwarded-for': `192.0.2.${index + 1}`,
    });
    calls.push({ kind: 'sign-in', ms: performance.now() - started, ok: signed.ok, at: Date.now() });
    if (!signed.ok) throw new Error(`${username} could not sign in (${signed.status})`);
    token = signed.tokens.access_token;
    signedAt = Date.now();
    socket?.close();
    socket = io(`${cluster.url}${CONSOLE_NAMESPACE}`, {
      path: HUB_PATH,
      transports: ['websocket'],
      auth: { token },
      reconnection: true,
    });
    socket.on('connect_error', (error) => noteError('hub', error.message));
  };
  const get = (kind: string, url: string) =>
    timed(kind, () => fetch(`${cluster.url}${url}`, { headers: { authorization: `Bearer ${token}` } }));
  while (!stopping) {
    try {
      if (Date.now() - signedAt > SIGN_IN_EVERY_MS) await signIn();
      const page = 1 + Math.floor(Math.random() * 20);
      await get('series list', `/api/Series/User?PageSize=20&PageNumber=${page}`);
      await get('jobs list', '/api/Jobs?PageSize=20');
      // Administrators (one console in four) follow their tasks and export.
      if (index % 4 === 0) await get('task list', '/api/Task?PageSize=20');
      if (index % 4 === 0 && Date.now() - lastExport > EXPORT_EVERY_MS) {
        lastExport = Date.now();
        void exportJobs(cluster, token);
      }
    } catch (error) {
      noteError('console', (error as Error).message);
    }
    await pause(500 + Math.random() * 1000);
  }
  (socket as Socket | null)?.close();
}

/** An export from request to file: the time a user waits for it. */
async function exportJobs(cluster: Cluster, token: string) {
  const started = performance.now();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const posted = await timed('export request', () =>
    fetch(`${cluster.url}/api/Jobs/Export`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        ExportDescription: 'Soak export',
        ExportType: 'CSV',
        JobFilters: { FilterOnBeginDate: '2000-01-01', BeginDateOperator: 'since', JobStatus: '1' },
      }),
    }),
  );
  if (!posted?.ok) return;
  const { requestId } = (await posted.json()) as { requestId: string };
  for (let waited = 0; waited < 300_000 && !stopping; waited += 1000) {
    await pause(1000);
    const listed = await fetch(`${cluster.url}/api/Task?PageSize=100`, { headers });
    if (!listed.ok) continue;
    const task = ((await listed.json()) as { data: { requestId: string; status: number }[] }).data.find(
      (item) => item.requestId === requestId,
    );
    if (task?.status === TASK_STATUS.DONE) {
      calls.push({ kind: 'export to file', ms: performance.now() - started, ok: true, at: Date.now() });
      return;
    }
    if (task?.status === TASK_STATUS.ENDED) break;
  }
  if (!stopping) {
    calls.push({ kind: 'export to file', ms: performance.now() - started, ok: false, at: Date.now() });
    noteError('export', `task ${requestId} did not finish`);
  }
}

interface MemorySample {
  at: number;
  rss: number[];
  heap: number[];
}

interface MemoryRow {
  minute: number;
  rss: number[];
  heapLow: number[];
}

function memoryRow(minute: number, within: MemorySample[]): MemoryRow {
  return {
    minute,
    rss: within.at(-1)!.rss,
    heapLow: within[0]!.heap.map((_, node) => Math.min(...within.map((one) => one.heap[node]!))),
  };
}

/** A node's V8 heap in use, in MB, from its metrics. */
async function heapUsedMb(url: string): Promise<number> {
  const samples = parseSamples(await (await fetch(`${url}/api/metrics`)).text());
  return (samples.find((one) => one.name === 'nodejs_heap_size_used_bytes')?.value ?? NaN) / 1e6;
}

/** Resident memory of a process, in MB (Linux). */
async function residentMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

/** Until the demo jobs are written (by whichever node took the seed lock) and no node is writing. */
async function waitForDemoJobs(cluster: Cluster) {
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  try {
    for (;;) {
      const { rows } = await db.query<{ jobs: string | null }>(
        "select value->>'jobs' as jobs from meta where key = 'seed'",
      );
      const healths = await Promise.all(
        cluster.nodes.map(
          async (node) => (await (await fetch(`${node.url}/api/health`)).json()) as { seeding: boolean },
        ),
      );
      if (Number(rows[0]?.jobs ?? 0) >= FLEET * JOBS_PER_DEVICE && healths.every((health) => !health.seeding))
        return;
      await pause(1000);
    }
  } finally {
    await db.end();
  }
}

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
}

async function main() {
  console.log(`Starting two nodes, PostgreSQL, Redis, a bucket and nginx (demo fleet of ${FLEET})…`);
  const cluster = await startCluster({
    env: { SEED_DEVICES: String(FLEET), LOGIN_RATE_LIMIT: '1000', LOG_LEVEL: 'warn' },
  });
  try {
    const seeding = performance.now();
    await waitForDemoJobs(cluster);
    console.log(`Demo jobs written (${((performance.now() - seeding) / 1000).toFixed(0)} s more).`);
    const simulator = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.resolve(import.meta.dirname, '../../device-sim/src/main.ts'),
        '--server',
        cluster.url,
        '--devices',
        String(DEVICES),
        '--fleet',
        String(FLEET),
        '--profile',
        'fast',
        '--technicians',
        '4',
        '--keys',
        path.join(cluster.dataDir, 'demo-device-keys.json'),
        '--quiet',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const simulatorWarnings: string[] = [];
    simulator.stderr.on('data', (chunk: Buffer) => {
      simulatorWarnings.push(...chunk.toString().split('\n').filter(Boolean));
    });
    const before = await scrape(cluster);
    const began = Date.now();
    // Every 10 s: each node's resident memory, and its heap in use (its own metric). Per minute: the
    // resident memory at its end and the lowest heap seen in it, the live heap after the collections.
    const samples: MemorySample[] = [];
    const sample = async () =>
      samples.push({
        at: Date.now(),
        rss: await Promise.all(cluster.nodes.map((node) => residentMb(node.process.pid!))),
        heap: await Promise.all(cluster.nodes.map((node) => heapUsedMb(node.url))),
      });
    await sample();
    const sampler = setInterval(() => void sample(), 10_000);
    const memory: MemoryRow[] = [{ minute: 0, rss: samples[0]!.rss, heapLow: samples[0]!.heap }];
    console.log(`Soaking for ${MINUTES} min: ${DEVICES} devices, ${CONSOLES} consoles…`);
    const consoles = Array.from({ length: CONSOLES }, (_, index) => consoleUser(cluster, index));
    for (let minute = 1; minute <= MINUTES; minute++) {
      await pause(began + minute * 60_000 - Date.now());
      await sample();
      memory.push(
        memoryRow(
          minute,
          samples.filter((one) => one.at > began + (minute - 1) * 60_000),
        ),
      );
      const recent = calls.filter((call) => call.at > Date.now() - 60_000);
      const row = memory.at(-1)!;
      console.log(
        `  minute ${minute}: ${recent.length} console calls, ${recent.filter((call) => !call.ok).length} failed; resident ${row.rss.map((mb) => `${mb.toFixed(0)}`).join(' / ')} MB, live heap ${row.heapLow.map((mb) => `${mb.toFixed(0)}`).join(' / ')} MB`,
      );
    }
    clearInterval(sampler);
    stopping = true;
    const simulatorExited = new Promise((resolve) => simulator.once('exit', resolve));
    simulator.kill('SIGTERM');
    await simulatorExited;
    await Promise.all(consoles);
    const elapsed = Date.now() - began;
    report(elapsed, memory, simulatorWarnings);
    reportServer(elapsed, before, await scrape(cluster));
    const proxyErrors = (await readFile(cluster.proxyErrorLog, 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean);
    console.log(`\nProxy (nginx) errors: ${proxyErrors.length}`);
    for (const line of proxyErrors.slice(0, 10)) console.log(`  ${line}`);
  } finally {
    await cluster.stop();
  }
}

function report(elapsedMs: number, memory: MemoryRow[], simulatorWarnings: string[]) {
  const seconds = elapsedMs / 1000;
  console.log(`\nConsole calls over ${(seconds / 60).toFixed(1)} min, both nodes through nginx:`);
  const kinds = [...new Set(calls.map((call) => call.kind))];
  table([
    ['call', 'count', 'per s', 'p50 ms', 'p99 ms', 'errors'],
    ...kinds.map((kind) => {
      const of = calls.filter((call) => call.kind === kind);
      const ms = of.map((call) => call.ms);
      return [
        kind,
        String(of.length),
        (of.length / seconds).toFixed(1),
        quantile(ms, 0.5).toFixed(0),
        quantile(ms, 0.99).toFixed(0),
        String(of.filter((call) => !call.ok).length),
      ];
    }),
  ]);
  console.log(
    '\nMemory per node, MB: resident at the end of each minute, and the lowest heap in use within it:',
  );
  const nodes = memory[0]!.rss.map((_, index) => String.fromCharCode(97 + index));
  table([
    ['minute', ...nodes.map((node) => `${node} resident`), ...nodes.map((node) => `${node} live heap`)],
    ...memory.map((row) => [
      String(row.minute),
      ...row.rss.map((mb) => mb.toFixed(0)),
      ...row.heapLow.map((mb) => mb.toFixed(0)),
    ]),
  ]);
  console.log(`\nErrors: ${[...errors.values()].reduce((sum, count) => sum + count, 0)}`);
  for (const [error, count] of errors) console.log(`  ${count} × ${error}`);
  // The simulator warns once every 50 refused calls, and on stop counts every failed call by answer.
  console.log(`Device simulator warnings: ${simulatorWarnings.length}`);
  for (const line of simulatorWarnings.slice(0, 10)) console.log(`  ${line}`);
}

/** What the nodes counted themselves: every call of every client (devices, tools, consoles), by route. */
function reportServer(elapsedMs: number, before: Sample[], after: Sample[]) {
  const seconds = elapsedMs / 1000;
  const routeOf = (labels: Record<string, string>) => `${labels.method} ${labels.route}`;
  const counts = increase(before, after, 'fleet_http_requests_total', routeOf);
  const failed = increase(before, after, 'fleet_http_requests_total', (labels) =>
    Number(labels.status) >= 500 ? routeOf(labels) : '',
  );
  const refused = increase(before, after, 'fleet_http_requests_total', (labels) =>
    Number(labels.status) >= 400 && Number(labels.status) < 500 ? `${routeOf(labels)} ${labels.status}` : '',
  );
  const buckets = increase(before, after, 'fleet_http_request_duration_seconds_bucket', (labels) =>
    JSON.stringify([routeOf(labels), labels.le]),
  );
  const byRoute = new Map<string, Map<number, number>>();
  for (const [key, count] of buckets) {
    const [route, le] = JSON.parse(key) as [string, string];
    const of = byRoute.get(route) ?? new Map<number, number>();
    of.set(
      le === '+Inf' ? Infinity : Number(le),
      (of.get(le === '+Inf' ? Infinity : Number(le)) ?? 0) + count,
    );
    byRoute.set(route, of);
  }
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    `\nEvery request the nodes answered (their own metrics, both nodes): ${total.toLocaleString('en')} in ${(seconds / 60).toFixed(1)} min, ${(total / seconds).toFixed(1)} per s`,
  );
  const rows = [...counts]
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .map(([route, n]) => {
      const of = byRoute.get(route) ?? new Map<number, number>();
      return [
        route,
        String(n),
        (n / seconds).toFixed(1),
        (bucketQuantile(of, 0.5) * 1000).toFixed(0),
        (bucketQuantile(of, 0.99) * 1000).toFixed(0),
        String(failed.get(route) ?? 0),
      ];
    });
  table([['route (busiest 15)', 'count', 'per s', 'p50 ms', 'p99 ms', '5xx'], ...rows]);
  const serverErrors = [...failed].filter(([route]) => route).reduce((sum, [, n]) => sum + n, 0);
  console.log(`Server errors (5xx) on all routes: ${serverErrors}`);
  console.log('(p50 and p99 here are interpolated within the histogram buckets, as Prometheus does.)');
  const refusals = [...refused].filter(([key, n]) => key && n > 0);
  console.log(`Refused requests (4xx): ${refusals.reduce((sum, [, n]) => sum + n, 0)}`);
  for (const [key, n] of refusals) console.log(`  ${n} × ${key}`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
