// `npm run bench:hub -w apps/server [-- --devices N --seconds-per-step S]`: the live hub under load. The
// real server (bundled) on a fresh embedded database with a demo fleet of N devices; desktop tools in child
// processes connect N devices (on one node, then split over two nodes sharing a Redis); a console joins the
// admin group on the first node. Each step sends tasks started at a fixed rate from random devices and
// measures, at the console, the time from the device's send to the console's receipt (p50, p99), the rate
// received, and each server's CPU and memory. Target: p99 at most 1 s with 20,000 devices on one node.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { CONSOLE_NAMESPACE, HUB_PATH, type HubAnswer } from '@fleet/contract';
import { signInThroughIdp } from '../test/sign-in.ts';
import { startRedis } from '../test/redis.ts';
import { serverEntry } from '../../../scripts/build-server.mjs';
import type { DevicesCommand, DevicesReport } from './hub-devices.ts';

const { values } = parseArgs({
  options: {
    devices: { type: 'string', default: '20000' },
    'seconds-per-step': { type: 'string', default: '10' },
    rates: { type: 'string', default: '500,1000,2000,4000,8000' },
    clients: { type: 'string', default: '4' },
  },
});
const WANTED = Number(values.devices);
const STEP_SECONDS = Number(values['seconds-per-step']);
const RATES = values.rates.split(',').map(Number);
const CLIENTS = Number(values.clients);
const PORTS = [8297, 8298];
/** About a fifth of the demo fleet is out of service (blacklisted, discarded, recycled) and may not connect. */
const FLEET = Math.ceil(WANTED * 1.35);
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = await mkdtemp(path.join(tmpdir(), 'fleet-bench-hub-'));
const PUBLIC_URL = `http://localhost:${PORTS[0]}`;
const children: ChildProcess[] = [];
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s`;
/** Sockets a server process keeps for itself (database, files, listening, the console) under its file limit. */
const RESERVED_FILES = 500;

function stopAll() {
  for (const child of children) child.kill('SIGKILL');
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const server = spawn(process.execPath, [await serverEntry()], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL,
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      SEED_DEVICES: String(FLEET),
      SEED_JOBS: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  children.push(server);
  for (let attempt = 0; attempt < 1200; attempt++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    if (server.exitCode !== null) throw new Error(`the server on ${port} stopped (${server.exitCode})`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the server on ${port} did not start`);
}

function stopServer(server: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
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

/** The most sockets one server process can hold here: its open-file limit, less what it needs itself. */
function socketLimit(): number {
  const limits = readFileSync('/proc/self/limits', 'utf8');
  const soft = /Max open files\s+(\d+)/.exec(limits)?.[1];
  return soft ? Number(soft) - RESERVED_FILES : Infinity;
}

function ask(child: ChildProcess, command: DevicesCommand): Promise<DevicesReport> {
  return new Promise((resolve) => {
    child.once('message', (report: DevicesReport) => resolve(report));
    child.send(command);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
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

interface Phase {
  name: string;
  nodes: { port: number; server: ChildProcess }[];
}

/** Connects the devices (spread over the nodes), then runs the steps; prints one line per step. */
async function measure(phase: Phase, keys: [string, string][], token: string, wanted: number) {
  const baseUrls = phase.nodes.map(({ port }) => `http://127.0.0.1:${port}`);
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
  const share = Math.ceil(wanted / CLIENTS);
  const spare = Math.ceil(keys.length / CLIENTS);
  const connectStarted = Date.now();
  const reports = await Promise.all(
    clients.map((child, index) =>
      ask(child, {
        type: 'connect',
        baseUrl: baseUrls[index % baseUrls.length]!,
        token,
        devices: keys.slice(index * spare, (index + 1) * spare),
        wanted: share,
      }),
    ),
  );
  const connected = reports.reduce((sum, r) => sum + (r.type === 'connected' ? r.connected : 0), 0);
  const refused = reports.reduce((sum, r) => sum + (r.type === 'connected' ? r.refused : 0), 0);
  console.log(
    `${clock()}  ${phase.name}: ${connected.toLocaleString('en')} devices connected in ${((Date.now() - connectStarted) / 1000).toFixed(1)} s (${refused} refused: out of service, or no room left)`,
  );
  for (const { port, server } of phase.nodes) {
    const { rssMb } = usage(server.pid!);
    console.log(`${clock()}    node :${port} holds its devices in ${rssMb} MB`);
  }

  const listStarted = Date.now();
  const listed = (await console_.timeout(120_000).emitWithAck('getConnectedDevices', {})) as HubAnswer<
    unknown[]
  >;
  const listedCount = listed.ok ? listed.result.length : 0;
  console.log(
    `${clock()}    getConnectedDevices (admin group): ${listedCount.toLocaleString('en')} devices in ${Date.now() - listStarted} ms`,
  );
  let latencies: number[] = [];
  console_.on('taskStarted', (event: { task: { message: string } }) =>
    latencies.push(Date.now() - Number(event.task.message)),
  );

  const rows: string[] = [];
  for (const rate of RATES) {
    latencies = [];
    const before = phase.nodes.map(({ server }) => usage(server.pid!));
    const stepStarted = Date.now();
    const loaded = await Promise.all(
      clients.map((child) => ask(child, { type: 'load', perSecond: rate / CLIENTS, seconds: STEP_SECONDS })),
    );
    // Events still on their way are counted for up to 2 s more.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const seconds = (Date.now() - stepStarted) / 1000;
    const sent = loaded.reduce((sum, r) => sum + (r.type === 'loaded' ? r.sent : 0), 0);
    const sorted = [...latencies].sort((a, b) => a - b);
    const cpu = phase.nodes.map(({ server }, index) => {
      const after = usage(server.pid!);
      return `${Math.round(((after.cpuMs - before[index]!.cpuMs) / (seconds * 1000)) * 100)} % / ${after.rssMb} MB`;
    });
    rows.push(
      [
        `${rate}/s`.padStart(8),
        `${sent}`.padStart(7),
        `${sorted.length}`.padStart(9),
        `${Math.round(sorted.length / STEP_SECONDS)}/s`.padStart(10),
        `${percentile(sorted, 50)} ms`.padStart(9),
        `${percentile(sorted, 99)} ms`.padStart(9),
        `  ${cpu.join('  ')}`,
      ].join(' '),
    );
    console.log(`${clock()}    step ${rate}/s done`);
  }
  console.log(
    `\n${phase.name}, ${connected.toLocaleString('en')} devices, console on :${phase.nodes[0]!.port}`,
  );
  console.log('  target     sent  received  rate recv       p50       p99    server CPU / memory (per node)');
  for (const row of rows) console.log(row);
  console.log('');
  console_.close();
  for (const child of clients) child.send({ type: 'stop' } satisfies DevicesCommand);
  await new Promise((resolve) => setTimeout(resolve, 1000));
}

try {
  console.log(`${clock()}  seeding a demo fleet of ${FLEET.toLocaleString('en')} devices…`);
  let single = await startServer(PORTS[0]!, {});
  console.log(`${clock()}  server up`);
  const keys = Object.entries(
    JSON.parse(await readFile(path.join(dataDir, 'demo-device-keys.json'), 'utf8')) as Record<string, string>,
  );
  const signedIn = await signInThroughIdp(PUBLIC_URL, 'administrator');
  if (!signedIn.ok) throw new Error('sign-in failed');
  const token = signedIn.tokens.access_token;

  const oneNode = Math.min(WANTED, socketLimit());
  if (oneNode < WANTED)
    console.log(
      `${clock()}  one process here may open ${socketLimit() + RESERVED_FILES} files (ulimit -n, not raisable): one node holds ${oneNode.toLocaleString('en')} devices`,
    );
  await measure({ name: 'One node', nodes: [{ port: PORTS[0]!, server: single }] }, keys, token, oneNode);
  await stopServer(single);

  const redis = await startRedis();
  try {
    single = await startServer(PORTS[0]!, { REDIS_URL: redis.url });
    const second = await startServer(PORTS[1]!, { REDIS_URL: redis.url });
    await measure(
      {
        name: 'Two nodes with Redis',
        nodes: [
          { port: PORTS[0]!, server: single },
          { port: PORTS[1]!, server: second },
        ],
      },
      keys,
      token,
      WANTED,
    );
  } finally {
    stopAll();
    await redis.stop();
  }
} finally {
  stopAll();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
