// `npm run bench:load -w apps/server`: the real server on the embedded PGlite database with the demo
// fleet, under 50 concurrent connections listing 100-device pages as the administrator, while a
// probe asks /api/health every 200 ms. Shows whether a busy database stalls the whole server.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { seedDatabase } from '../src/demo/seed.ts';
import { startBenchServer } from './bench-server.ts';
import { signInThroughIdp } from '@fleet/device-kit/sign-in';
import { quantile } from './samples.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    label: { type: 'string', default: 'PGlite' },
  },
});
const DEVICES = Number(values.devices);
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const PAGE_SIZE = 100;
const SEED = 20250801;

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

const database = await openDatabase({});
const started = performance.now();
await seedDatabase(database.db, { seed: SEED, devices: DEVICES, demoUsers: true, now: new Date() });
await database.db.execute(sql`vacuum analyze`);
console.log(`seeded ${DEVICES} devices in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const server = await startBenchServer(database, 8291, { SEED: String(SEED) });
const { baseUrl } = server;
try {
  const signIn = await signInThroughIdp(baseUrl, 'administrator');
  if (!signIn.ok) throw new Error('sign-in failed');
  const warmUp = await fetch(`${baseUrl}/api/Series/User?PageSize=${PAGE_SIZE}&PageNumber=1`, {
    headers: { authorization: `Bearer ${signIn.tokens.access_token}` },
  });
  if (warmUp.status !== 200) throw new Error(`list answered ${warmUp.status}: ${await warmUp.text()}`);
  console.log(
    `${CONNECTIONS} connections for ${SECONDS} s on GET /api/Series/User?PageSize=${PAGE_SIZE}&PageNumber=1..${Math.ceil(DEVICES / PAGE_SIZE)}, /api/health every 200 ms`,
  );
  // The server's own thread during the load: how busy, and how late its timers and callbacks ran.
  const busy = performance.eventLoopUtilization();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const result = await new Promise<LoadResult>((resolve, reject) => {
    const worker = new Worker(new URL('./load-client.mjs', import.meta.url), {
      workerData: {
        baseUrl,
        token: signIn.tokens.access_token,
        connections: CONNECTIONS,
        durationSeconds: SECONDS,
        pages: Math.ceil(DEVICES / PAGE_SIZE),
        pageSize: PAGE_SIZE,
        probeEveryMs: 200,
        timeoutSeconds: 10,
      },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`load generator exited (${code})`)));
  });
  delay.disable();
  const utilization = performance.eventLoopUtilization(busy).utilization;
  const f = (ms: number) => `${ms.toFixed(0)} ms`;
  const list = result.listLatencies;
  const probes = result.probeLatencies;
  console.log(
    [
      '| database | list req/s | list p50 | list p95 | list p99 | timeouts | errors | non-2xx | health probes | health p50 | health p95 | health max | health timeouts / errors |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
      `| ${values.label} | ${(result.requests / result.seconds).toFixed(1)} | ${f(quantile(list, 0.5))} | ${f(quantile(list, 0.95))} | ${f(quantile(list, 0.99))} | ${result.timeouts} | ${result.errors} | ${result.non2xx} | ${probes.length + result.probeFailures + result.probeTimeouts} | ${f(quantile(probes, 0.5))} | ${f(quantile(probes, 0.95))} | ${result.probeTimeouts ? '≥ 10 s (timed out)' : f(Math.max(...probes))} | ${result.probeTimeouts} / ${result.probeFailures} |`,
    ].join('\n'),
  );
  console.log(
    `server thread: ${(utilization * 100).toFixed(0)} % busy, event-loop delay p50 ${f(delay.percentile(50) / 1e6)}, p99 ${f(delay.percentile(99) / 1e6)}, max ${f(delay.max / 1e6)}`,
  );
} finally {
  await server.close();
}
