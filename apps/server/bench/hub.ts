// `npm run bench:hub -w apps/server [-- --devices N --seconds-per-step S --rates a,b,c --clients C --nodes 1,2]`:
// the live hub under load. The real server (bundled) with a demo fleet; desktop tools in child processes
// (bench/hub-devices.ts) connect N devices: on one node (the embedded database, as one server runs), then
// split half and half over two nodes sharing a Redis and a PostgreSQL (the script starts one: PGlite belongs
// to one process, so a second node on the same DATA_DIR would not see the first one's writes, such as the
// grant of a token issued after it started); a console joins the admin group on the first node. Each step sends tasks
// started at a fixed rate from random devices, each carrying its send time, and measures at the console the
// time from the device's send to the console's receipt (p50, p99, max), the rate received, the events lost,
// and each server's CPU and memory (with the load generators' and the whole machine's CPU beside them: they
// share its cores). The rate sustained is the highest step with p99 ≤ 1 s and every event received.
// Target (issue): p99 at most 1 s with 20,000 devices on one node.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { CONSOLE_NAMESPACE, HUB_PATH, type HubAnswer } from '@fleet/contract';
import { signInThroughIdp } from '@fleet/device-kit/sign-in';
import { startRedis } from '../test/redis.ts';
import { serverEntry, serverProcessEnv } from '../../../scripts/build-server.mjs';
import type { DevicesCommand, DevicesReport } from './hub-devices.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '20000' },
    'seconds-per-step': { type: 'string', default: '10' },
    rates: { type: 'string', default: '500,1000,2000,4000,8000' },
    clients: { type: 'string', default: '4' },
    nodes: { type: 'string', default: '1,2' },
  },
});

function positive(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number: ${text}`);
  return value;
}
const WANTED = Math.round(positive('devices', values.devices));
const STEP_SECONDS = positive('seconds-per-step', values['seconds-per-step']);
const RATES = values.rates.split(',').map((rate) => positive('rates', rate));
const CLIENTS = Math.round(positive('clients', values.clients));
const NODE_COUNTS = values.nodes.split(',').map((count) => {
  if (count !== '1' && count !== '2') throw new Error(`--nodes takes 1, 2 or 1,2: ${values.nodes}`);
  return Number(count);
});
const PORTS = [8297, 8298] as const;
/** About a fifth of the demo fleet is out of service (blacklisted, discarded, recycled) and may not connect. */
const FLEET = Math.ceil(WANTED * 1.35);
/** The target: the 99th percentile from device to console, on one node with 20,000 devices. */
const TARGET_P99_MS = 1000;
const TARGET_DEVICES = 20_000;
/** How long events still on their way after a step are waited for before they count as lost. */
const DRAIN_MS = 10_000;
/** Files a server opens besides its sockets after it started (database files, the console, Redis, HTTP). */
const FILES_MARGIN = 150;
/** Access tokens live 10 minutes and end the hub's connections: each phase signs in anew and must fit. */
const TOKEN_MS = 10 * 60_000;

const root = path.resolve(import.meta.dirname, '../../..');
/** A throw-away database per run on the PostgreSQL of TEST_DATABASE_URL (scripts/with-postgres.sh). */
const PG_DATABASE = `fleet_bench_hub_${process.pid}`;
const dataDirs: string[] = [];
const PUBLIC_URL = `http://localhost:${PORTS[0]}`;
const children: ChildProcess[] = [];
let stopRedis: (() => Promise<void>) | null = null;
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const thousands = (n: number) => Math.round(n).toLocaleString('en');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Everything this bench started goes, whichever way it ends (Ctrl-C too). */
function cleanUp() {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.length = 0;
  void stopRedis?.();
  stopRedis = null;
  for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    console.log(`\n${signal}: stopping the servers, the device processes and Redis`);
    cleanUp();
    process.exit(130);
  });

async function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string>,
): Promise<ChildProcess> {
  const server = spawn(process.execPath, [await serverEntry()], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: serverProcessEnv({
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      // Nodes behind one address: one public URL, the issuer of the tokens every node checks.
      PUBLIC_URL,
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      SEED_DEVICES: String(FLEET),
      // No demo jobs: written in the background after the start, they would take CPU from the hub.
      SEED_JOBS: '0',
      LOG_LEVEL: 'warn',
      ...env,
    }),
  });
  children.push(server);
  for (let attempt = 0; attempt < 1200; attempt++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    if (server.exitCode !== null) throw new Error(`the server on ${port} stopped (${server.exitCode})`);
    await sleep(500);
  }
  throw new Error(`the server on ${port} did not start`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** CPU time (ms) and resident memory (MB) of a process, from /proc. */
function usage(pid: number): { cpuMs: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? '0';
  return { cpuMs: ticks * 10, rssMb: Math.round(Number(rss) / 1024) };
}

/** The whole machine's CPU time, busy and in all, in clock ticks (/proc/stat). */
function machine(): { busy: number; total: number } {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const total = ticks.slice(0, 8).reduce((sum, tick) => sum + tick, 0);
  return { busy: total - ticks[3]! - ticks[4]!, total };
}

/** Samples the processes (and the machine) now; `since` gives each one's CPU % of one core and the machine's % of all. */
function sampler(pids: number[]) {
  const at = Date.now();
  const before = pids.map(usage);
  const whole = machine();
  return () => {
    const ms = Date.now() - at;
    const after = pids.map(usage);
    const now = machine();
    return {
      cpu: after.map((sample, i) => Math.round(((sample.cpuMs - before[i]!.cpuMs) / ms) * 100)),
      rssMb: after.map((sample) => sample.rssMb),
      machine: Math.round(((now.busy - whole.busy) / Math.max(1, now.total - whole.total)) * 100),
    };
  };
}

/** How many files a process may open (its soft limit) and how many it has open. */
function files(pid: number): { limit: number; hard: number; open: number } {
  const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
  const [, soft, hard] = /Max open files\s+(\S+)\s+(\S+)/.exec(limits) ?? [];
  const number = (text: string | undefined) => (text && text !== 'unlimited' ? Number(text) : Infinity);
  return { limit: number(soft), hard: number(hard), open: readdirSync(`/proc/${pid}/fd`).length };
}

function ask(child: ChildProcess, command: DevicesCommand): Promise<DevicesReport> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`a device process stopped (${code})`));
    child.once('exit', exited);
    child.once('message', (report: DevicesReport) => {
      child.off('exit', exited);
      resolve(report);
    });
    child.send(command);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function signIn(): Promise<string> {
  const signedIn = await signInThroughIdp(PUBLIC_URL, 'administrator');
  if (!signedIn.ok) throw new Error('sign-in as administrator failed');
  return signedIn.tokens.access_token;
}

async function consoleOn(baseUrl: string, token: string): Promise<Socket> {
  const socket = io(`${baseUrl}${CONSOLE_NAMESPACE}`, {
    path: HUB_PATH,
    transports: ['websocket'],
    reconnection: false,
    auth: { token },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const joined = (await socket.emitWithAck('joinGroupAdmin', {})) as HubAnswer<unknown>;
  if (!joined.ok) throw new Error(`joinGroupAdmin: ${joined.message}`);
  return socket;
}

interface Node {
  port: number;
  server: ChildProcess;
}

interface Step {
  rate: number;
  sent: number;
  sendMs: number;
  received: number;
  receiveRate: number;
  p50: number;
  p99: number;
  max: number;
  serverCpu: number[];
  serverRssMb: number[];
  clientsCpu: number;
  machine: number;
}

interface Result {
  name: string;
  devices: number;
  connectMs: number;
  listMs: number;
  steps: Step[];
  sustained: Step | null;
}

const ok = (step: Step) => step.p99 <= TARGET_P99_MS && step.received >= step.sent;

/** A fresh data directory (the identity provider's keys, the demo keys file), removed at the end. */
async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fleet-bench-hub-'));
  dataDirs.push(dir);
  return dir;
}

async function demoKeys(dataDir: string): Promise<[string, string][]> {
  const file = path.join(dataDir, 'demo-device-keys.json');
  return Object.entries(JSON.parse(await readFile(file, 'utf8')) as Record<string, string>);
}

/** Seeds a demo fleet on the first start of a node; prints how long it took. */
async function firstStart(port: number, dataDir: string, env: Record<string, string>, on: string) {
  console.log(
    `${clock()}  first start on ${on}: seeding a demo fleet of ${thousands(FLEET)} devices (about a fifth out of service) and their keys…`,
  );
  const seedStarted = Date.now();
  const server = await startServer(port, dataDir, env);
  console.log(`${clock()}  seeded and up in ${seconds(Date.now() - seedStarted)}`);
  return server;
}

/** Creates the run's database on the PostgreSQL of TEST_DATABASE_URL; answers its URL and how to drop it. */
async function postgresDatabase(adminUrl: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${PG_DATABASE}`);
  const url = new URL(adminUrl);
  url.pathname = `/${PG_DATABASE}`;
  return {
    url: url.href,
    drop: async () => {
      await admin.query(`drop database if exists ${PG_DATABASE} with (force)`).catch(() => undefined);
      await admin.end();
    },
  };
}

/** Connects the devices (spread over the nodes), then runs the steps; prints them as a table. */
async function measure(name: string, nodes: Node[], keys: [string, string][], wanted: number) {
  const baseUrls = nodes.map(({ port }) => `http://127.0.0.1:${port}`);
  const serverPids = nodes.map(({ server }) => server.pid!);
  const token = await signIn();
  const tokenAt = Date.now();
  // The console first: it must find room on a node full of devices.
  const console_ = await consoleOn(baseUrls[0]!, token);
  const clients = Array.from({ length: CLIENTS }, () => {
    const child = fork(path.join(import.meta.dirname, 'hub-devices.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    children.push(child);
    return child;
  });
  const clientPids = clients.map((child) => child.pid!);
  const share = Math.ceil(wanted / CLIENTS);
  const spare = Math.ceil(keys.length / CLIENTS);
  const rssBefore = serverPids.map((pid) => usage(pid).rssMb);
  const connecting = sampler(serverPids);
  const connectStarted = Date.now();
  const reports = await Promise.all(
    clients.map((child, index) =>
      ask(child, {
        type: 'connect',
        // Client i on node i mod n: with two nodes, half the devices on each.
        baseUrl: baseUrls[index % baseUrls.length]!,
        token,
        devices: keys.slice(index * spare, (index + 1) * spare),
        wanted: share,
      }),
    ),
  );
  const connectMs = Date.now() - connectStarted;
  const connectUse = connecting();
  const connected = reports.reduce((sum, r) => sum + (r.type === 'connected' ? r.connected : 0), 0);
  const refused = reports.reduce((sum, r) => sum + (r.type === 'connected' ? r.refused : 0), 0);
  console.log(
    `${clock()}  ${name}: ${thousands(connected)} devices connected in ${seconds(connectMs)} ` +
      `(${thousands((connected + refused) / (connectMs / 1000))} handshakes/s, ${thousands(refused)} refused: out of service)`,
  );
  // Every device process must hold its share: one with none would count events it never sent.
  const short = reports.filter((r) => r.type !== 'connected' || r.connected < share);
  if (short.length)
    throw new Error(
      `${name}: ${short.length} device process(es) connected fewer than ${share} devices: refused by the hub ` +
        '(a refusal is not only a device out of service), or out of files',
    );
  nodes.forEach(({ port }, i) => {
    const grown = connectUse.rssMb[i]! - rssBefore[i]!;
    const held = Math.round(connected / nodes.length);
    console.log(
      `${clock()}    node :${port}: CPU ${connectUse.cpu[i]} % while connecting; memory ${rssBefore[i]} → ` +
        `${connectUse.rssMb[i]} MB (${((grown / held) * 1000).toFixed(0)} MB per 1,000 devices); ` +
        `${thousands(files(serverPids[i]!).open)} files open`,
    );
  });

  const listStarted = Date.now();
  const listed = (await console_.timeout(120_000).emitWithAck('getConnectedDevices', {})) as HubAnswer<
    unknown[]
  >;
  const listMs = Date.now() - listStarted;
  if (!listed.ok) throw new Error(`getConnectedDevices: ${listed.message}`);
  const listMb = Buffer.byteLength(JSON.stringify(listed.result)) / 1024 / 1024;
  console.log(
    `${clock()}    getConnectedDevices (admin group): ${thousands(listed.result.length)} devices, ` +
      `${listMb.toFixed(1)} MB, in ${listMs} ms`,
  );

  // Each event carries its send time: it counts for the step that sent it, late or not.
  let stepStarted = Infinity;
  let latencies: number[] = [];
  let lastArrival: number;
  console_.on('taskStarted', (event: { task: { message: string | null } }) => {
    const now = Date.now();
    const sentAt = Number(event.task.message);
    if (!(sentAt >= stepStarted)) return;
    latencies.push(now - sentAt);
    lastArrival = now;
  });

  const steps: Step[] = [];
  for (const rate of RATES) {
    if (Date.now() - tokenAt + (STEP_SECONDS * 1000 + DRAIN_MS) > TOKEN_MS - 30_000) {
      console.log(`${clock()}    stopped before ${rate}/s: the access token would expire during the step`);
      break;
    }
    latencies = [];
    lastArrival = 0;
    stepStarted = Date.now();
    const use = sampler([...serverPids, ...clientPids]);
    const loaded = await Promise.all(
      clients.map((child) => ask(child, { type: 'load', perSecond: rate / CLIENTS, seconds: STEP_SECONDS })),
    );
    const sendMs = Date.now() - stepStarted;
    const sent = loaded.reduce((sum, r) => sum + (r.type === 'loaded' ? r.sent : 0), 0);
    while (latencies.length < sent && Date.now() - stepStarted - sendMs < DRAIN_MS) await sleep(50);
    const used = use();
    const sorted = [...latencies].sort((a, b) => a - b);
    const step: Step = {
      rate,
      sent,
      sendMs,
      received: sorted.length,
      receiveRate: sorted.length / (Math.max(lastArrival - stepStarted, sendMs) / 1000),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? NaN,
      serverCpu: used.cpu.slice(0, nodes.length),
      serverRssMb: used.rssMb.slice(0, nodes.length),
      clientsCpu: used.cpu.slice(nodes.length).reduce((sum, cpu) => sum + cpu, 0),
      machine: used.machine,
    };
    steps.push(step);
    console.log(
      `${clock()}    ${rate}/s: p50 ${step.p50} ms, p99 ${step.p99} ms, ${thousands(step.received)} of ${thousands(sent)} received`,
    );
  }
  console_.close();
  for (const child of clients) child.send({ type: 'stop' } satisfies DevicesCommand);
  await Promise.all(clients.map(stopProcess));

  const sustained = steps.filter(ok).at(-1) ?? null;
  const perNode = nodes.length > 1 ? ' (per node)' : '';
  console.log(
    `\n${name}: ${thousands(connected)} devices, console on :${nodes[0]!.port}, ${STEP_SECONDS} s a step`,
  );
  console.log(
    `  target    sent/s  received    lost  recv/s     p50     p99     max  server CPU${perNode}  server RSS${perNode}  clients CPU  machine`,
  );
  for (const step of steps)
    console.log(
      [
        `${step.rate}/s`.padStart(8),
        `${thousands(step.sent / (step.sendMs / 1000))}`.padStart(9),
        `${thousands(step.received)}`.padStart(9),
        `${thousands(step.sent - step.received)}`.padStart(7),
        `${thousands(step.receiveRate)}`.padStart(7),
        `${step.p50} ms`.padStart(7),
        `${step.p99} ms`.padStart(7),
        `${step.max} ms`.padStart(7),
        step.serverCpu
          .map((cpu) => `${cpu} %`)
          .join(' / ')
          .padStart(10 + perNode.length),
        step.serverRssMb
          .map((mb) => `${mb} MB`)
          .join(' / ')
          .padStart(11 + perNode.length),
        `${step.clientsCpu} %`.padStart(12),
        `${step.machine} %`.padStart(8),
      ].join(' '),
    );
  console.log(
    '  CPU: % of one core (the server uses more than one: garbage collection, crypto); clients: the',
    `\n  ${CLIENTS} device processes together; machine: all its cores (the bench shares them with the servers).`,
  );
  const top = steps.at(-1);
  console.log(
    sustained
      ? `  Sustained: ${thousands(sustained.rate)} events/s (p99 ${sustained.p99} ms, none lost)` +
          (sustained === top ? ' — the highest rate tried: --rates a,b,c to go further' : '')
      : `  Sustained: none of the rates tried kept p99 ≤ ${TARGET_P99_MS} ms with every event received`,
  );
  console.log('');
  return { name, devices: connected, connectMs, listMs, steps, sustained } satisfies Result;
}

try {
  const results: Result[] = [];

  if (NODE_COUNTS.includes(1)) {
    const dataDir = await newDataDir();
    const server = await firstStart(PORTS[0], dataDir, {}, 'the embedded database');
    // One socket is one file: a process holds no more devices than its open-file limit allows.
    const own = files(server.pid!);
    const room = own.limit - own.open - FILES_MARGIN;
    const oneNode = Math.min(WANTED, room);
    console.log(
      `${clock()}  the server may open ${thousands(own.limit)} files (ulimit -n; hard limit ${thousands(own.hard)}) ` +
        `and has ${own.open} open before any device`,
    );
    if (oneNode < WANTED)
      console.log(
        `${clock()}  LIMIT: one node can hold ${thousands(oneNode)} devices here, not ${thousands(WANTED)} ` +
          '(the hard limit cannot be raised without CAP_SYS_RESOURCE); two nodes hold them all',
      );
    const nodes = [{ port: PORTS[0], server }];
    results.push(await measure('One node', nodes, await demoKeys(dataDir), oneNode));
    await stopProcess(server);
  }

  if (NODE_COUNTS.includes(2)) {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl)
      console.log(
        `${clock()}  two nodes: skipped, no TEST_DATABASE_URL (npm run bench:hub -w apps/server starts a PostgreSQL)`,
      );
    else {
      const database = await postgresDatabase(adminUrl);
      const redis = await startRedis();
      stopRedis = redis.stop;
      try {
        const dataDir = await newDataDir();
        const env = { DATABASE_URL: database.url, REDIS_URL: redis.url };
        const first = await firstStart(PORTS[0], dataDir, env, 'PostgreSQL');
        // Only the first seeds; the second starts on the same data once the first is up.
        const restarted = Date.now();
        const second = await startServer(PORTS[1], dataDir, env);
        console.log(`${clock()}  second node up in ${seconds(Date.now() - restarted)}`);
        const nodes = [
          { port: PORTS[0], server: first },
          { port: PORTS[1], server: second },
        ];
        results.push(await measure('Two nodes with Redis', nodes, await demoKeys(dataDir), WANTED));
        await Promise.all(nodes.map(({ server }) => stopProcess(server)));
      } finally {
        await redis.stop();
        stopRedis = null;
        await database.drop();
      }
    }
  }

  console.log('Summary');
  console.log(
    '                        devices  connected in  getConnectedDevices  sustained   p99 there  server CPU there',
  );
  for (const result of results) {
    const there = result.sustained;
    console.log(
      [
        result.name.padEnd(22),
        thousands(result.devices).padStart(8),
        seconds(result.connectMs).padStart(13),
        `${result.listMs} ms`.padStart(20),
        (there ? `${thousands(there.rate)}/s` : 'none').padStart(10),
        (there ? `${there.p99} ms` : '-').padStart(11),
        (there ? there.serverCpu.map((cpu) => `${cpu} %`).join(' / ') : '-').padStart(17),
      ].join(' '),
    );
  }
  const single = results.find((result) => result.name === 'One node');
  if (single) {
    const met = single.steps.filter(ok);
    const scale =
      single.devices >= TARGET_DEVICES
        ? ''
        : WANTED >= TARGET_DEVICES
          ? ` (${thousands(single.devices)} devices: the most one process may hold here)`
          : ` (${thousands(single.devices)} devices: --devices ${thousands(TARGET_DEVICES)} for the target's size)`;
    console.log(
      met.length
        ? `Target p99 ≤ ${TARGET_P99_MS} ms with ${thousands(TARGET_DEVICES)} devices on one node: met${scale} up to ${thousands(met.at(-1)!.rate)} events/s`
        : `Target p99 ≤ ${TARGET_P99_MS} ms with ${thousands(TARGET_DEVICES)} devices on one node: NOT met${scale}`,
    );
  }
} finally {
  cleanUp();
}
process.exit(0);
