// `npm run bench:web -w e2e`: the devices list as a user on a phone's network gets it. Headless Chromium,
// signed in as support-manager through the identity provider, then the list opened on "slow 4G" (150 ms
// round trip, 1.6 Mbit/s down, 750 kbit/s up, as Lighthouse's mobile preset) with an empty cache and
// again with a warm one, and once unthrottled: time from navigation to the first device card, requests
// and bytes received (compressed, headers included) by kind. Five runs each, medians shown. Starts the
// bundled server on a fresh data folder; needs the console built (`npm run build -w apps/web`). Then
// Lighthouse (mobile and desktop) on five pages, unless `-- --no-lighthouse`.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import options from '../chromium.json' with { type: 'json' };
import { startBenchServer } from './bench-server';
import { loadLighthouse } from './lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = 5;
const port0 = Number(process.env.BENCH_PORT ?? 8391);
const base = `http://localhost:${port0}`;
const LIST = `${base}/console/series/devices`;
/** Lighthouse's mobile "slow 4G" (devtools throttling): bytes per second and milliseconds. */
const SLOW_4G = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const TARGETS = { cold: 3_000, warm: 1_500 };

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('Build the console first: npm run build -w apps/web');
  process.exit(2);
}

interface Load {
  ms: number;
  requests: number;
  bytes: Record<string, number>;
  /** Layout shift (sum, as CLS counts it), largest contentful paint and blocking time (long tasks beyond 50 ms). */
  vitals: { cls: number; lcp: number; tbt: number };
}

/**
 * What the page's own performance timeline says of its load so far. A text, not a function: the bench's
 * compiler would add helpers to a function that the page does not have.
 */
const PAGE_VITALS = `new Promise((resolve) => {
  const vitals = { cls: 0, lcp: 0, tbt: 0 };
  const observe = (type, take) =>
    new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true });
  observe('layout-shift', (entry) => { if (!entry.hadRecentInput) vitals.cls += entry.value; });
  observe('largest-contentful-paint', (entry) => { vitals.lcp = entry.startTime; });
  observe('longtask', (entry) => { vitals.tbt += Math.max(0, entry.duration - 50); });
  setTimeout(() => resolve(vitals), 100);
})`;

/** What the page receives from now on, by kind of resource, as Chromium counts it on the wire. */
function countReceived(cdp: CDPSession) {
  const kinds = new Map<string, string>();
  const bytes: Record<string, number> = {};
  let requests = 0;
  cdp.on('Network.responseReceived', (event) => {
    kinds.set(event.requestId, event.type.toLowerCase());
  });
  cdp.on('Network.loadingFinished', (event) => {
    const kind = kinds.get(event.requestId) ?? 'other';
    bytes[kind] = (bytes[kind] ?? 0) + event.encodedDataLength;
    requests += 1;
  });
  return () => ({ requests, bytes: { ...bytes } });
}

async function openList(page: Page, cdp: CDPSession, cache: 'cold' | 'warm'): Promise<Load> {
  await page.goto('about:blank');
  if (cache === 'cold') await cdp.send('Network.clearBrowserCache');
  const received = countReceived(cdp);
  const started = Date.now();
  await page.goto(LIST);
  await page.getByRole('article').first().waitFor({ timeout: 60_000 });
  const ms = Date.now() - started;
  // What settles after the first card (counts, statuses) may still shift the page.
  await page.waitForTimeout(2_000);
  const vitals = (await page.evaluate(PAGE_VITALS)) as Load['vitals'];
  cdp.removeAllListeners('Network.responseReceived');
  cdp.removeAllListeners('Network.loadingFinished');
  return { ms, ...received(), vitals };
}

/** Lighthouse's targets on this machine: desktop and mobile performance, and the layout shift. */
const LIGHTHOUSE_TARGETS = { desktop: 0.9, mobile: 0.7, cls: 0.1 };

async function signInAt(page: Page) {
  await page.goto(`${base}/console/`);
  await page.getByLabel('Username').fill('support-manager');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'User menu' }).waitFor();
}

/** A device and a job of the demo fleet, read with the signed-in page's token. */
async function sampleRecords(page: Page): Promise<{ serialNumber: string; jobId: string }> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.startsWith('oidc.user:'));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : '';
  });
  const read = async (url: string) =>
    (await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } })).json();
  const devices = (await read('/api/Series/User?PageSize=20')) as { series: { serialNumber: string }[] };
  const jobs = (await read('/api/Jobs?PageSize=20&FilterOnBeginDate=2000-01-01&BeginDateOperator=since')) as {
    data: { id: string }[];
  };
  return { serialNumber: devices.series[0]!.serialNumber, jobId: jobs.data[0]!.id };
}

/**
 * Lighthouse on each page, signed in (a browser profile of its own, which Lighthouse's tab shares),
 * mobile (its default: simulated slow 4G and a 4x slower CPU) and desktop.
 */
async function lighthouseRows(): Promise<string[]> {
  const { lighthouse, desktop } = await loadLighthouse(root);
  const port = port0 + 100;
  const profile = mkdtempSync(path.join(tmpdir(), 'fleet-bench-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...options,
    args: [...options.args, `--remote-debugging-port=${port}`],
  });
  const rows: string[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signInAt(page);
    const { serialNumber, jobId } = await sampleRecords(page);
    const pages = [
      ['about', '/console/about'],
      ['devices list', '/console/series/devices'],
      ['a device', `/console/serie/${serialNumber}`],
      ['jobs list', '/console/jobs/live'],
      ["a job's graphs", `/console/job/${jobId}/graphs`],
    ];
    for (const [name, url] of pages) {
      for (const [form, config] of [
        ['mobile', undefined],
        ['desktop', desktop],
      ] as const) {
        const result = await lighthouse(
          `${base}${url}`,
          {
            port,
            output: 'json',
            logLevel: 'error',
            disableStorageReset: true,
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
          },
          config,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const { categories, audits } = result.lhr;
        const score = (category: string) => categories[category]?.score ?? 0;
        const value = (audit: string) => audits[audit]?.numericValue ?? NaN;
        const performance = score('performance');
        const target = LIGHTHOUSE_TARGETS[form];
        const cls = value('cumulative-layout-shift');
        rows.push(
          `| ${name} | ${form} | ${performance.toFixed(2)} ${performance >= target ? '(met)' : `(NOT met: ${target})`} | ${score('accessibility').toFixed(2)} | ${score('best-practices').toFixed(2)} | ${value('largest-contentful-paint').toFixed(0)} | ${value('total-blocking-time').toFixed(0)} | ${cls.toFixed(3)} ${cls <= LIGHTHOUSE_TARGETS.cls ? '' : '(NOT met)'} |`,
        );
      }
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return rows;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kB = (bytes: number) => (bytes / 1000).toFixed(0);

const server = await startBenchServer('web', port0, { devices: 2000, jobs: 2000 });

try {
  const browser = await chromium.launch(options);
  const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await signInAt(page);

  const results: { name: string; target: number | null; loads: Load[] }[] = [];
  for (const [name, throttled, cache] of [
    ['slow 4G, empty cache', true, 'cold'],
    ['slow 4G, warm cache', true, 'warm'],
    ['unthrottled, empty cache', false, 'cold'],
    ['unthrottled, warm cache', false, 'warm'],
  ] as const) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      ...(throttled ? SLOW_4G : { latency: 0, downloadThroughput: -1, uploadThroughput: -1 }),
    });
    const loads: Load[] = [];
    for (let run = 0; run < RUNS; run++) loads.push(await openList(page, cdp, cache));
    results.push({ name, target: throttled ? TARGETS[cache] : null, loads });
  }
  await browser.close();

  console.log('\nThe devices list, signed in as support-manager: navigation to the first device card\n');
  console.log(
    '| network, cache | median ms | runs ms | target ms | requests | received kB (script, stylesheet, fetch, document, other) | CLS (≤ 0.1) | LCP ms | blocking ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const { name, target, loads } of results) {
    const ms = median(loads.map((load) => load.ms));
    const last = loads.at(-1)!;
    const byKind = ['script', 'stylesheet', 'fetch', 'document'].map((kind) => kB(last.bytes[kind] ?? 0));
    const other = Object.entries(last.bytes)
      .filter(([kind]) => !['script', 'stylesheet', 'fetch', 'document'].includes(kind))
      .reduce((sum, [, bytes]) => sum + bytes, 0);
    const verdict = target === null ? '' : `${target} ${ms <= target ? '(met)' : '(NOT met)'}`;
    console.log(
      `| ${name} | ${ms} | ${loads.map((load) => load.ms).join(', ')} | ${verdict} | ${last.requests} | ${[...byKind, kB(other)].join(', ')} | ${median(loads.map((load) => load.vitals.cls)).toFixed(3)} | ${median(loads.map((load) => load.vitals.lcp)).toFixed(0)} | ${median(loads.map((load) => load.vitals.tbt)).toFixed(0)} |`,
    );
  }
  if (!process.argv.includes('--no-lighthouse')) {
    const rows = await lighthouseRows();
    console.log('\nLighthouse 12.2.3, signed in as support-manager\n');
    console.log('| page | form | performance | accessibility | best practices | LCP ms | TBT ms | CLS |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  }
  console.log(
    `\nload average (1, 5, 15 min): ${loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}`,
  );
} finally {
  await server.stop();
}
