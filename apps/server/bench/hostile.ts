// `npm run bench:hostile -w apps/server`: the real server process under hostile files and a database
// outage, with figures. 1. Six decompression bombs at once (and each kind of hostile file), sent as the
// lowest role that may import: the answers, the server's memory (resident, sampled every 50 ms) and how
// long /api/health takes meanwhile. 2. Its PostgreSQL stopped for 20 s under load: answers by status
// during and after, and how long after the database's return each kind of call answers again.
import type { ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_KEYS_FILE, readDemoDeviceKeys } from '../src/demo/demo-device-keys.ts';
import { signDeviceRequest } from '@fleet/device-kit/device-keys';
import { startPostgresCluster } from '../test/postgres-cluster.ts';
import { serverProcessHome, stop } from '../test/server-process.ts';
import { signInThroughIdp } from '@fleet/device-kit/sign-in';
import { multipartBody } from '../test/uploads.ts';
import { hostileFiles } from '../test/zip-bombs.ts';
import { quantile } from './samples.ts';

const { values } = parseArgs({
  options: { 'outage-seconds': { type: 'string', default: '20' }, bombs: { type: 'string', default: '6' } },
});
const OUTAGE_MS = Number(values['outage-seconds']) * 1000;
const BOMBS = Number(values.bombs);
const ENV = { SEED_DEVICES: '50', SEED_JOBS: '0', LOG_LEVEL: 'error' };
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Resident memory of a process, from /proc. */
async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function token(base: string, user: string): Promise<string> {
  const signedIn = await signInThroughIdp(base, user);
  if (!signedIn.ok) throw new Error(`${user} cannot sign in`);
  return signedIn.tokens.access_token;
}

async function bombs(): Promise<void> {
  const home = await serverProcessHome('bench_bombs');
  const server = await home.start(ENV);
  const base = `http://127.0.0.1:${home.port}`;
  try {
    const bearer = `Bearer ${await token(base, 'customer-engineering-manager')}`;
    const files = await hostileFiles(['Official Store Code', 'Name']);
    const send = async (bytes: Buffer) => {
      const { payload, headers } = multipartBody({}, [{ name: 'stores.xlsx', bytes }]);
      const started = Date.now();
      const response = await fetch(`${base}/api/Store/Import/Preview`, {
        method: 'POST',
        headers: { ...headers, authorization: bearer },
        body: new Uint8Array(payload),
      });
      const body = (await response.json()) as { message?: string };
      return { status: response.status, ms: Date.now() - started, message: body.message ?? '' };
    };
    const idle = await residentBytes(server.pid!);
    console.log(`\nHostile files, one at a time (server resident at rest: ${mb(idle)})`);
    console.log('| file | size | answer | time | message |\n|---|---|---|---|---|');
    for (const [kind, bytes] of Object.entries(files)) {
      const answer = await send(bytes);
      console.log(
        `| ${kind} | ${(bytes.length / 1024).toFixed(0)} KB | ${answer.status} | ${answer.ms} ms | ${answer.message.slice(0, 90)} |`,
      );
    }
    let peak = await residentBytes(server.pid!);
    const before = peak;
    const sampler = setInterval(() => {
      void residentBytes(server.pid!).then((bytes) => (peak = Math.max(peak, bytes)));
    }, 50);
    const probes: number[] = [];
    let sending = true;
    const probing = (async () => {
      while (sending) {
        const started = Date.now();
        await fetch(`${base}/api/health`);
        probes.push(Date.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const kinds = ['shared strings', 'one huge row', 'many rows'];
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: BOMBS }, (_, index) => send(files[kinds[index % kinds.length]!]!)),
    );
    const took = Date.now() - started;
    sending = false;
    await probing;
    clearInterval(sampler);
    const statuses = answers.map((answer) => answer.status).join(', ');
    console.log(`\n${BOMBS} bombs at once (${kinds.join(', ')} in turn), all answered in ${took} ms`);
    console.log('| | value |\n|---|---|');
    console.log(`| answers | ${statuses} |`);
    console.log(`| resident before | ${mb(before)} |`);
    console.log(`| resident peak while reading them | ${mb(peak)} |`);
    console.log(`| server still up | ${server.exitCode === null ? 'yes' : `no (exit ${server.exitCode})`} |`);
    console.log(
      `| /api/health meanwhile (${probes.length} probes) | p50 ${quantile(probes, 0.5)} ms, p99 ${quantile(probes, 0.99)} ms, max ${Math.max(...probes)} ms |`,
    );
  } finally {
    await stop(server, 'SIGKILL');
    await home.remove();
  }
}

interface Answer {
  at: number;
  kind: string;
  status: number;
}

async function outage(): Promise<void> {
  const cluster = await startPostgresCluster();
  const home = await serverProcessHome('bench_outage');
  let server: ChildProcess | undefined;
  try {
    server = await home.start({ ...ENV, DATABASE_URL: cluster.url, DEMO_MODE: 'true' });
    const base = `http://127.0.0.1:${home.port}`;
    const bearer = `Bearer ${await token(base, 'support-manager')}`;
    const HEARTBEAT = '/api/devices/heartbeat';
    const signedBeat = (serialNumber: string, key: string): RequestInit => ({
      method: 'POST',
      headers: { authorization: signDeviceRequest(serialNumber, key, { method: 'POST', url: HEARTBEAT }) },
    });
    // The demo fleet holds blacklisted and discarded devices, whose heartbeats are refused (401) anyway.
    const keys: [string, string][] = [];
    for (const [serialNumber, key] of Object.entries(
      await readDemoDeviceKeys(path.join(home.dataDir, DEMO_KEYS_FILE)),
    ))
      if ((await fetch(`${base}${HEARTBEAT}`, signedBeat(serialNumber, key))).status === 200)
        keys.push([serialNumber, key]);
    const answers: Answer[] = [];
    const ask = async (kind: string, url: string, init: RequestInit = {}) => {
      const response = await fetch(`${base}${url}`, init).catch(() => null);
      await response?.arrayBuffer();
      answers.push({ at: Date.now(), kind, status: response?.status ?? 0 });
    };
    const calls: Record<string, () => Promise<void>> = {
      list: () => ask('list', '/api/Series/User?PageSize=100', { headers: { authorization: bearer } }),
      heartbeat: () => {
        const [serialNumber, key] = keys[Math.floor(Math.random() * keys.length)]!;
        return ask('heartbeat', HEARTBEAT, signedBeat(serialNumber, key));
      },
      'sign-in page': () =>
        ask(
          'sign-in page',
          `/idp/auth?client_id=fleet-console&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(`${base}/console/auth/callback`)}&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256`,
          { redirect: 'manual' },
        ),
      health: () => ask('health', '/api/health'),
    };
    let running = true;
    const loops = Object.values(calls).flatMap((call) =>
      Array.from({ length: 4 }, async () => {
        while (running) await call();
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const stoppedAt = Date.now();
    await cluster.stop('fast');
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    await cluster.start();
    const backAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5000));
    running = false;
    await Promise.all(loops);

    const count = (list: Answer[]) => {
      const byStatus = new Map<number, number>();
      for (const answer of list) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
      return [...byStatus].map(([status, n]) => `${n} × ${status || 'no answer'}`).join(', ');
    };
    console.log(`\nPostgreSQL stopped for ${OUTAGE_MS / 1000} s under load (4 loops of each call)`);
    console.log('| call | before | during | after | back after the database |\n|---|---|---|---|---|');
    for (const kind of Object.keys(calls)) {
      const of = answers.filter((answer) => answer.kind === kind);
      const firstOk = of.find((answer) => answer.at > backAt && answer.status < 400);
      console.log(
        `| ${kind} | ${count(of.filter((a) => a.at < stoppedAt))} | ${count(of.filter((a) => a.at >= stoppedAt && a.at < backAt))} | ${count(of.filter((a) => a.at >= backAt))} | ${firstOk ? `${firstOk.at - backAt} ms` : 'never'} |`,
      );
    }
    const errors = answers.filter((answer) => answer.status >= 500 && answer.status !== 503);
    console.log(
      `\n5xx other than 503: ${errors.length}; 503: ${answers.filter((a) => a.status === 503).length}`,
    );
  } finally {
    if (server && server.exitCode === null) await stop(server, 'SIGKILL');
    await home.remove();
    await cluster.remove();
  }
}

await bombs();
await outage();
