import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { serverEntry, serverProcessEnv } from '../../../../scripts/build-server.mjs';
import { freePort } from '../server-process.ts';
import { startRedis } from '../redis.ts';
import { startTestBucket } from '../s3.ts';

/**
 * Several server nodes on this machine as docs/scaling.md runs them in production: one PostgreSQL (a
 * database of its own on TEST_DATABASE_URL's server), one Redis, one S3 bucket, and nginx in front with
 * the configuration of deploy/nginx. For the cross-node test and the soak.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SERVER_DIR = path.join(ROOT, 'apps/server');

export interface ClusterNode {
  name: string;
  url: string;
  process: ChildProcess;
}

export interface Cluster {
  /** The address users reach: nginx. */
  url: string;
  nodes: ClusterNode[];
  databaseUrl: string;
  dataDir: string;
  /** nginx's error log: what the proxy could not pass on. */
  proxyErrorLog: string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  nodes?: number;
  /** Extra settings of every node. */
  env?: Record<string, string>;
  /** Where node output goes: inherited stderr (default) or ignored. */
  quiet?: boolean;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl)
    throw new Error(
      'TEST_DATABASE_URL is not set: run through scripts/with-postgres.sh (npm run test:cluster)',
    );
  const stops: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => undefined);
  };
  try {
    const home = await mkdtemp(path.join(tmpdir(), 'fleet-cluster-'));
    stops.push(() => rm(home, { recursive: true, force: true }));
    const databaseUrl = await createDatabase(adminUrl, stops);
    const redis = await startRedis();
    stops.push(() => redis.stop());
    const bucket = await startTestBucket();
    stops.push(() => bucket.stop());
    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    // One data directory for the demo's device keys file (the simulator's); nodes keep nothing else in it.
    const dataDir = path.join(home, 'data');
    const entry = await serverEntry();
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      ...bucket.env,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '1',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      DEMO_MODE: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIR: path.join(home, 'no-console'),
      ...options.env,
    };
    const names = Array.from({ length: options.nodes ?? 2 }, (_, i) => String.fromCharCode(97 + i));
    // Started together: the advisory lock lets one migrate and seed while the others wait.
    const nodes = await Promise.all(
      names.map(async (name) => {
        const port = await freePort();
        const node = spawn(process.execPath, ['--enable-source-maps', entry], {
          cwd: SERVER_DIR,
          env: serverProcessEnv({ ...process.env, ...env, PORT: String(port), NODE_NAME: `node-${name}` }),
          stdio: ['ignore', 'ignore', options.quiet ? 'ignore' : 'inherit'],
        });
        stops.push(() => stopProcess(node));
        return { name, url: `http://127.0.0.1:${port}`, process: node };
      }),
    );
    await Promise.all(nodes.map((node) => waitReady(node.url, node.process)));
    const nginx = await startNginx(home, proxyPort, nodes);
    stops.push(() => stopProcess(nginx));
    await waitReady(publicUrl, nginx);
    const proxyErrorLog = path.join(home, 'nginx', 'logs', 'error.log');
    return { url: publicUrl, nodes, databaseUrl, dataDir, proxyErrorLog, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function createDatabase(adminUrl: string, stops: (() => Promise<unknown>)[]): Promise<string> {
  const name = `fleet_cluster_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  stops.push(async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}

/** deploy/nginx/fleet-console.conf with this cluster's ports and paths, under a minimal nginx.conf. */
export async function nginxSite(home: string, port: number, nodes: readonly { url: string }[]) {
  const site = await readFile(path.join(ROOT, 'deploy/nginx/fleet-console.conf'), 'utf8');
  const servers = nodes
    .map((node) => `    server ${new URL(node.url).host} max_fails=3 fail_timeout=10s;`)
    .join('\n');
  const replaced = site
    .replace(/(upstream fleet_console \{\n)(?:\s*server [^\n]+\n)+/, `$1${servers}\n`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace('/var/log/nginx/fleet-console.log', path.join(home, 'nginx-access.log'));
  if (!replaced.includes(servers) || !replaced.includes(`listen 127.0.0.1:${port};`))
    throw new Error(
      'deploy/nginx/fleet-console.conf no longer has the upstream and listen lines this test rewrites',
    );
  return replaced;
}

async function startNginx(home: string, port: number, nodes: readonly ClusterNode[]): Promise<ChildProcess> {
  const nginx = nginxBinary();
  const prefix = path.join(home, 'nginx');
  await mkdir(path.join(prefix, 'logs'), { recursive: true });
  await writeFile(path.join(prefix, 'fleet-console.conf'), await nginxSite(prefix, port, nodes));
  await writeFile(
    path.join(prefix, 'nginx.conf'),
    [
      'worker_processes 1;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${path.join(prefix, 'logs/error.log')} warn;`,
      // Each call through the proxy holds two connections (client and node), and the simulated
      // devices keep theirs open between calls: 4,096 were too few for a thousand of them.
      'events { worker_connections 16384; }',
      'http {',
      `  include ${path.join(prefix, 'fleet-console.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(nginx, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

export function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', 'nginx']) {
    if (!spawnSync(candidate, ['-v']).error) return candidate;
  }
  throw new Error('nginx is not installed: sudo apt-get install nginx-light (or run npm run test:cluster)');
}

async function waitReady(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 480; attempt++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process stopped with ${child.exitCode}`);
    const ready = await fetch(`${url}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not become healthy`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
