// `npm run bench:graphs -w e2e`: how long the console takes, in headless Chromium, from a click on a graph
// to the chart drawn, for graphs of 10,000, 100,000 and 1,000,000 points; how long a zoom takes to draw
// again; and how large the graph answer is on the wire. Starts the bundled server on a fresh data folder
// with a small demo fleet, uploads the graphs as a device would, then measures each size three times in a
// fresh page (nothing cached). Needs the console built (`npm run build -w apps/web`).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import http from 'node:http';
import { chromium, type Page } from '@playwright/test';
import { signDeviceRequest } from '@fleet/device-kit/device-keys';
import options from '../chromium.json' with { type: 'json' };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SIZES = [10_000, 100_000, 1_000_000];
const RUNS = 3;
const port = Number(process.env.BENCH_PORT ?? 8390);
const base = `http://localhost:${port}`;

if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('Build the console first: npm run build -w apps/web');
  process.exit(2);
}

const server = await startBenchServer('graphs', port, { devices: 50, jobs: 500 });

/** A torque run of `points` points over two curves, as a device writes its graph file. */
function graphFile(points: number): string {
  const rows = points / 2;
  const lines = ['Time (s),Torque (Nm),Angle (deg)'];
  for (let i = 0; i < rows; i++) {
    const t = i / 1000;
    const p = (t % 1) / 1;
    lines.push(
      `${t},${(p < 0.7 ? 120 * (p / 0.7) ** 2 : p < 0.8 ? 120 : 0).toFixed(2)},${(p < 0.7 ? 90 * (p / 0.7) : 0).toFixed(1)}`,
    );
  }
  return lines.join('\n');
}

async function upload(serialNumber: string, key: string, jobId: string, points: number): Promise<string> {
  const url = `/api/devices/jobs/${jobId}/graphs?fileName=RUN_${points}.csv`;
  const body = Buffer.from(graphFile(points));
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'text/csv',
      authorization: signDeviceRequest(serialNumber, key, { method: 'POST', url, body }),
    },
    body,
  });
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

async function signIn(page: Page) {
  await page.goto(`${base}/console/`);
  await page.getByLabel('Username').fill('administrator');
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('banner').waitFor();
}

async function token(page: Page): Promise<string> {
  const found = await page.waitForFunction(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    const stored = key ? localStorage.getItem(key) : null;
    return stored ? (JSON.parse(stored) as { access_token: string }).access_token : null;
  });
  return (await found.jsonValue()) as string;
}

/** From the click on the graph's row to the chart drawn, in the page's own clock. */
async function timeToDrawn(
  page: Page,
  jobId: string,
  graphId: string,
  fileName: string,
  other: string,
): Promise<number> {
  // The page opens on another, small graph: nothing of the measured one is loaded before the click.
  await page.goto(`${base}/console/job/${jobId}/graphs?graph=${other}`);
  await page.locator(`[data-graph-id="${other}"][data-graph-drawn]`).waitFor();
  await page.evaluate(() => performance.clearMarks('graph-drawn'));
  const started = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: fileName, exact: true }).click();
  await page.locator(`[data-graph-id="${graphId}"][data-graph-drawn]`).waitFor({ timeout: 60_000 });
  const drawn = await page.evaluate(
    () => performance.getEntriesByName('graph-drawn').at(-1)?.startTime ?? NaN,
  );
  return drawn - started;
}

/** What a wheel turn over the chart costs: the visible window read again from all points, and drawn. */
async function timeToZoom(page: Page, graphId: string): Promise<number> {
  const chart = page.locator(`[data-graph-id="${graphId}"][data-graph-drawn]`);
  const box = (await chart.locator('canvas').first().boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const before = await chart.getAttribute('data-graph-window');
  await page.evaluate(() => performance.clearMeasures('graph-redraw'));
  await page.mouse.wheel(0, -300);
  await page.waitForFunction(
    ([id, old]) =>
      document.querySelector(`[data-graph-id="${id}"]`)?.getAttribute('data-graph-window') !== old,
    [graphId, before] as const,
  );
  return page.evaluate(() =>
    Math.max(...performance.getEntriesByName('graph-redraw').map((entry) => entry.duration)),
  );
}

/** The bytes of an answer as they travel, gzip asked for as a browser does. */
function wireBytes(url: string, authorization: string): Promise<{ bytes: number; gzip: boolean }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization, 'accept-encoding': 'gzip' } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve({ bytes, gzip: response.headers['content-encoding'] === 'gzip' }));
      })
      .on('error', reject);
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

try {
  const keys = JSON.parse(readFileSync(path.join(server.dataDir, 'demo-device-keys.json'), 'utf8')) as Record<
    string,
    string
  >;
  const browser = await chromium.launch(options);
  const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
  await signIn(page);
  const auth = { authorization: `Bearer ${await token(page)}` };
  const { data: jobs } = (await (
    await fetch(`${base}/api/Jobs?PageSize=100&FilterOnBeginDate=2000-01-01&BeginDateOperator=since`, {
      headers: auth,
    })
  ).json()) as { data: { id: string; serialNumber: string }[] };
  const job = jobs.find((one) => keys[one.serialNumber]);
  if (!job) throw new Error('no job of a device with a key');
  const rows: string[] = [];
  const small = await upload(job.serialNumber, keys[job.serialNumber]!, job.id, 1000);
  for (const points of SIZES) {
    const graphId = await upload(job.serialNumber, keys[job.serialNumber]!, job.id, points);
    const plain = await fetch(`${base}/api/Jobs/Graphs/${graphId}`, { headers: auth });
    const plainBytes = (await plain.arrayBuffer()).byteLength;
    const wire = await wireBytes(`${base}/api/Jobs/Graphs/${graphId}`, auth.authorization);
    if (!wire.gzip) throw new Error('the graph answer is not gzipped');
    const drawn: number[] = [];
    const zooms: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      drawn.push(await timeToDrawn(page, job.id, graphId, `RUN_${points}.csv`, small));
      zooms.push(await timeToZoom(page, graphId));
    }
    rows.push(
      `| ${points.toLocaleString('en')} | ${median(drawn).toFixed(0)} | ${drawn.map((ms) => ms.toFixed(0)).join(', ')} | ${median(zooms).toFixed(0)} | ${(plainBytes / 1e6).toFixed(2)} | ${(wire.bytes / 1e6).toFixed(2)} |`,
    );
  }
  await browser.close();
  console.log(
    '\nGraph in the console, headless Chromium (click to chart drawn; a wheel zoom: the window read again from all points and drawn):\n',
  );
  console.log(
    '| points | drawn, median ms | runs ms | zoom redraw, median ms | answer MB | on the wire (gzip) MB |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
} finally {
  await server.stop();
}
