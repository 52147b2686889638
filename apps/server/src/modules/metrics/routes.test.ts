import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { parse as parseYaml } from 'yaml';
import { parser } from '@prometheus-io/lezer-promql';
import { TASK_STATUS } from '@fleet/contract';
import { series, tasks, users } from '../../db/schema.ts';
import { SERVER_DIR } from '../../paths.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';
import { connectConsole } from '../../../test/hub-clients.ts';
import { endedTask } from '../../../test/tasks.ts';

const REPO_DIR = path.resolve(SERVER_DIR, '../..');
const TOKEN = 'metrics-token-for-the-tests';
/** Series Prometheus makes itself for each target, not read from /api/metrics. */
const PROMETHEUS_OWN = new Set(['up']);

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape in the Prometheus text format (our label values hold no escaped quotes). */
function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, labelText = '', value] = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries(
        [...labelText.matchAll(/(\w+)="([^"]*)"/g)].map(([, key, text]) => [key!, text!]),
      );
      return { name: name!, labels, value: Number(value) };
    });
}

/**
 * The series names a scrape declares (`# TYPE` lines), whether or not they have samples yet: a histogram
 * is selected through its _bucket, _count and _sum series.
 */
function exposedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const [, name, type] of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const suffixes =
      type === 'histogram'
        ? ['_bucket', '_count', '_sum']
        : type === 'summary'
          ? ['', '_count', '_sum']
          : [''];
    for (const suffix of suffixes) names.add(`${name}${suffix}`);
  }
  return names;
}

let server: TestServer;
let kind: 'pglite' | 'postgres';

async function scrape(): Promise<Sample[]> {
  const response = await fetch(`${server.baseUrl}/api/metrics`);
  expect(response.status).toBe(200);
  return samplesOf(await response.text());
}

const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find(
    (sample) =>
      sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;

/** The metric names docs/operations.md lists, with the database kind a section is limited to. */
async function documentedMetrics(): Promise<{ name: string; only?: 'pglite' | 'postgres' }[]> {
  const text = await readFile(path.join(REPO_DIR, 'docs/operations.md'), 'utf8');
  const section = text.slice(text.indexOf('\n## Metrics'), text.indexOf('\n## Alerts'));
  let only: 'pglite' | 'postgres' | undefined;
  const found: { name: string; only?: 'pglite' | 'postgres' }[] = [];
  for (const line of section.split('\n')) {
    if (line.startsWith('### '))
      only = line.includes('(PostgreSQL)') ? 'postgres' : line.includes('(embedded)') ? 'pglite' : undefined;
    const name = /^\| `([a-z_:]+)` \|/.exec(line)?.[1];
    if (name) found.push({ name, ...(only ? { only } : {}) });
  }
  return found;
}

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN, NODE_NAME: 'metrics-test-node' });
  kind = server.database.kind;
});
afterAll(async () => server?.close());

describe('who may read /api/metrics', () => {
  it('answers a scraper on this machine, in the Prometheus text format, labelled with the node', async () => {
    const response = await fetch(`${server.baseUrl}/api/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const samples = samplesOf(await response.text());
    expect(samples.length).toBeGreaterThan(50);
    for (const sample of samples) expect(sample.labels.node, sample.name).toBe('metrics-test-node');
  });

  it('asks another machine for the token', async () => {
    const from = (headers: Record<string, string> = {}) =>
      server.app.inject({ url: '/api/metrics', remoteAddress: '203.0.113.7', headers });
    const without = await from();
    expect(without.statusCode).toBe(401);
    expect(without.json()).toEqual({ status: 401, message: expect.stringContaining('METRICS_TOKEN') });
    expect(without.headers['www-authenticate']).toContain('Bearer');
    expect((await from({ authorization: `Bearer ${TOKEN}-not` })).statusCode).toBe(401);
    const allowed = await from({ authorization: `Bearer ${TOKEN}` });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('fleet_http_requests_total');
  });

  it('asks for the token a request a proxy on this machine passed on', async () => {
    const url = `${server.baseUrl}/api/metrics`;
    const proxied = { 'x-forwarded-for': '198.51.100.4' };
    expect((await fetch(url, { headers: proxied })).status).toBe(401);
    const allowed = await fetch(url, { headers: { ...proxied, authorization: `Bearer ${TOKEN}` } });
    expect(allowed.status).toBe(200);
  });
});

describe('the metrics', () => {
  it('counts requests by route pattern, one label for unmatched paths, and not the scrapes', async () => {
    const [device] = await server.database.db.select().from(series).limit(1);
    const answer = await server.call('administrator', 'GET', `/api/HeartBeat/${device!.serialNumber}`);
    expect(answer.statusCode).toBe(200);
    await server.app.inject({ url: '/api/no-such-path-at-all' });
    const first = await scrape();
    const samples = await scrape();
    const routes = new Set(
      samples.filter((s) => s.name === 'fleet_http_requests_total').map((s) => s.labels.route),
    );
    expect(routes).toContain('/api/HeartBeat/:serialNumber');
    expect(routes).toContain('unmatched');
    expect(routes).not.toContain('/api/metrics');
    for (const route of routes) expect(route).not.toContain(device!.serialNumber);
    expect(valueOf(samples, 'fleet_http_requests_total', { route: 'unmatched', status: '404' })).toBe(
      valueOf(first, 'fleet_http_requests_total', { route: 'unmatched', status: '404' }),
    );
    expect(
      valueOf(samples, 'fleet_http_request_duration_seconds_count', {
        route: '/api/HeartBeat/:serialNumber',
        method: 'GET',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('shows every documented metric after a request, a heartbeat, a hub connection and a finished export', async () => {
    const [device] = await server.database.db.select().from(series).limit(1);
    const beat = await server.asDevice(device!.serialNumber, { url: '/api/devices/heartbeat' });
    expect(beat.statusCode).toBe(200);
    await server.app.heartbeatRecorder.flush();
    const asked = await server.call('administrator', 'POST', '/api/Jobs/Export', {
      ExportDescription: 'Metrics',
      JobFilters: { FilterOnBeginDate: '2000-01-01', BeginDateOperator: 'since' },
      ExportType: 'CSV',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const task = await endedTask(server, 'administrator', asked.json().requestId);
    expect(task.status).toBe(TASK_STATUS.DONE);
    // The worker times an attempt once its work folder is released, just after the task reads done.
    await vi.waitFor(
      async () => {
        const timed = valueOf(await scrape(), 'fleet_task_duration_seconds_count', {
          kind: task.kind,
          outcome: 'done',
        });
        expect(timed).toBeGreaterThanOrEqual(1);
      },
      { timeout: 10_000, interval: 100 },
    );
    const console = await connectConsole(server, 'administrator');
    try {
      const samples = await scrape();
      const names = new Set(samples.map((sample) => sample.name));
      const documented = await documentedMetrics();
      for (const { name, only } of documented) {
        const shown = [name, `${name}_count`].some((candidate) => names.has(candidate));
        expect(shown, `${name} on ${kind}`).toBe(!only || only === kind);
      }
      // And every metric of ours is documented.
      const ours = [...names].filter((name) => name.startsWith('fleet_'));
      const listed = documented.map((metric) => metric.name);
      for (const name of ours) expect(listed, name).toContain(name.replace(/_(bucket|count|sum)$/, ''));

      expect(
        valueOf(samples, 'fleet_http_requests_total', {
          route: '/api/devices/heartbeat',
          method: 'POST',
          status: '200',
        }),
      ).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'fleet_heartbeats_last_write_age_seconds')).toBeLessThan(60);
      expect(
        valueOf(samples, 'fleet_task_duration_seconds_count', { kind: task.kind, outcome: 'done' }),
      ).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'fleet_hub_sockets', { namespace: 'console' })).toBe(1);
      expect(valueOf(samples, 'fleet_hub_sockets', { namespace: 'desktop' })).toBe(0);
      if (kind === 'postgres') {
        expect(valueOf(samples, 'fleet_db_pool_max_clients')).toBe(10);
        expect(valueOf(samples, 'fleet_db_pool_clients')).toBeGreaterThanOrEqual(1);
      }
      expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    } finally {
      console.close();
    }
  });

  it('counts the task queue by state from the tasks table', async () => {
    const db = server.database.db;
    const [owner] = await db.select().from(users).where(eq(users.username, 'support-manager'));
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const row = { userId: owner!.id, kind: 'jobs-export', description: 'x', fileName: 'x.csv', request: {} };
    const tenMinutesAgo = new Date(Date.now() - 600_000);
    // A running task (of another node, its lease valid) keeps its owner's queued task waiting.
    await db.insert(tasks).values([
      {
        ...row,
        id: ids[0]!,
        status: TASK_STATUS.RUNNING,
        lockedBy: 'elsewhere',
        lockedUntil: new Date(Date.now() + 600_000),
      },
      { ...row, id: ids[1]!, status: TASK_STATUS.QUEUED, runAfter: tenMinutesAgo },
      { ...row, id: ids[2]!, status: TASK_STATUS.RETRYING, runAfter: new Date(Date.now() + 600_000) },
    ]);
    try {
      const samples = await scrape();
      expect(valueOf(samples, 'fleet_tasks', { state: 'running' })).toBe(1);
      expect(valueOf(samples, 'fleet_tasks', { state: 'queued' })).toBe(1);
      expect(valueOf(samples, 'fleet_tasks', { state: 'retrying' })).toBe(1);
      expect(valueOf(samples, 'fleet_tasks', { state: 'restarting' })).toBe(0);
      // The retrying one may not run yet: the queued one is the oldest waiting.
      const oldest = valueOf(samples, 'fleet_tasks_oldest_waiting_seconds')!;
      expect(oldest).toBeGreaterThanOrEqual(600);
      expect(oldest).toBeLessThan(700);
    } finally {
      await db.delete(tasks).where(inArray(tasks.id, ids));
    }
  });
});

describe('deploy/prometheus/alerts.yml', () => {
  interface Rule {
    alert: string;
    expr: string;
    for?: string;
    labels: { severity: string };
    annotations: { summary: string; description: string };
  }
  interface RuleFile {
    groups: { name: string; rules: Rule[] }[];
  }

  /** The metric names an expression selects, parsed by Prometheus' own PromQL grammar. */
  function metricsIn(expr: string): string[] {
    const tree = parser.parse(expr);
    const names: string[] = [];
    tree.iterate({
      enter(node) {
        if (node.type.isError) throw new Error(`PromQL syntax error at ${node.from} in: ${expr}`);
        if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector')
          names.push(expr.slice(node.from, node.to));
      },
    });
    return names;
  }

  let rules: RuleFile;
  beforeAll(async () => {
    rules = parseYaml(await readFile(path.join(REPO_DIR, 'deploy/prometheus/alerts.yml'), 'utf8'));
  });

  it('reads metric names out of an expression', () => {
    expect(metricsIn('sum by (le) (rate(a_b_bucket{route!~"x"}[5m])) / up > 0.05')).toEqual([
      'a_b_bucket',
      'up',
    ]);
    expect(() => metricsIn('sum by (le (rate(x[5m])')).toThrow(/syntax error/);
  });

  it('names only metrics a running server exposes', async () => {
    const response = await fetch(`${server.baseUrl}/api/metrics`);
    const exposed = exposedNames(await response.text());
    const checked: string[] = [];
    for (const group of rules.groups) {
      // A database's rules are checked on a server of that database: npm test runs both.
      if (group.name.endsWith('-postgresql') && kind !== 'postgres') continue;
      if (group.name.endsWith('-embedded') && kind !== 'pglite') continue;
      for (const rule of group.rules) {
        const names = metricsIn(rule.expr);
        expect(names.length, rule.alert).toBeGreaterThan(0);
        for (const name of names)
          expect(exposed.has(name) || PROMETHEUS_OWN.has(name), `${rule.alert}: ${name}`).toBe(true);
        checked.push(rule.alert);
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(9);
    expect(checked).toContain(
      kind === 'postgres' ? 'FleetDatabasePoolExhausted' : 'FleetEmbeddedDatabaseQueue',
    );
  });

  it('has a severity, a summary and a description on every rule, each explained in docs/operations.md', async () => {
    const doc = await readFile(path.join(REPO_DIR, 'docs/operations.md'), 'utf8');
    const alerts = rules.groups.flatMap((group) => group.rules);
    expect(alerts.length).toBeGreaterThanOrEqual(10);
    for (const rule of alerts) {
      expect(['critical', 'warning'], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.summary, rule.alert).toBeTruthy();
      expect(rule.annotations.description, rule.alert).toBeTruthy();
      expect(doc, rule.alert).toContain(`| \`${rule.alert}\``);
    }
    const documented = [...doc.matchAll(/^\| `(Fleet\w+)`/gm)].map((match) => match[1]);
    expect(documented.sort()).toEqual(alerts.map((rule) => rule.alert).sort());
  });
});
