import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { serverEntry } from '../../scripts/build-server.mjs';
import { signIn } from './sign-in';

/**
 * A server of its own, stopped and started again under an open page: the console keeps what it
 * showed, says it is stale and offline, and recovers by itself once the server answers.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.E2E_PORT ?? 8180) + 10;
const BASE = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'fleet-outage-'));

async function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--enable-source-maps', await serverEntry()], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      SEED_DEVICES: '200',
      LOGIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
    },
  });
  for (let attempt = 0; attempt < 240; attempt++) {
    const healthy = await fetch(`${BASE}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

let server: ChildProcess | undefined;
test.afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('an outage keeps the list on screen, marked stale, and the console recovers by itself', async ({
  page,
}) => {
  test.setTimeout(180_000);
  server = await startServer();
  await signIn(page, 'support-user', `${BASE}/console/`);
  await page.goto(`${BASE}/console/series/devices`);
  const firstCard = page.getByRole('link', { name: /^[A-Z]{3}\d[A-Z]\d{10}/ }).first();
  await expect(firstCard).toBeVisible();
  const serialNumber = (await firstCard.textContent())!.trim();

  server.kill('SIGKILL');
  await new Promise((resolve) => server!.once('exit', resolve));
  // The next refresh fails (the user comes back to the window; the status poll would within 30 s):
  // what was shown stays, marked stale, under an offline banner.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page.getByRole('alert', { name: 'Offline: the server does not answer' })).toBeVisible({
    timeout: 45_000,
  });
  await expect(page.getByRole('link', { name: new RegExp(serialNumber) }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: /^Stale: was/ }).first()).toBeVisible();
  await expect(page.getByText(/Online$/)).toHaveCount(0);

  server = await startServer();
  const back = Date.now();
  await expect(page.getByRole('alert', { name: 'Offline: the server does not answer' })).toBeHidden({
    timeout: 35_000,
  });
  test
    .info()
    .annotations.push({ type: 'recovery', description: `${Date.now() - back} ms after the server answered` });
  await expect(page.getByRole('img', { name: /^Stale: was/ })).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('link', { name: new RegExp(serialNumber) }).first()).toBeVisible();
});
