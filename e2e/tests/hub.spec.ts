import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { serverEntry } from '../../scripts/build-server.mjs';
import { signIn } from './sign-in';

/**
 * The live hub with a server of its own and a simulated technician plugging devices in: the devices
 * appear in the technician's list, an update runs with its progress to the end, an eject removes a
 * device, and the console reconnects by itself when the server stops and comes back.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.E2E_PORT ?? 8180) + 20;
const BASE = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'fleet-hub-'));
const children: ChildProcess[] = [];

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
      SEED_JOBS: '200',
      LOGIN_RATE_LIMIT: '1000',
      LOG_LEVEL: 'warn',
    },
  });
  children.push(server);
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

/** One technician (the support manager) with three devices plugged in for the whole test. */
function startTechnician(): ChildProcess {
  const simulator = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/device-sim/src/main.ts',
      ...['--server', BASE, '--devices', '3', '--fleet', '200', '--profile', 'workshop'],
      ...['--technicians', '1', '--technician-users', 'support-manager', '--update-failures', '0'],
      ...['--keys', path.join(dataDir, 'demo-device-keys.json'), '--quiet'],
    ],
    { cwd: root, stdio: 'ignore', env: { ...process.env, SEED: '20250801' } },
  );
  children.push(simulator);
  return simulator;
}

test.afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

test('devices a technician plugs in appear live, update with progress, are ejected, and come back after an outage', async ({
  page,
}) => {
  test.setTimeout(240_000);
  let server = await startServer();
  startTechnician();
  await signIn(page, 'support-manager', `${BASE}/console/`);
  await page.goto(`${BASE}/console/series/devices`);
  const title = page.getByRole('heading', { name: /connected devices?$/ });
  await expect(title).toHaveText('3 connected devices', { timeout: 60_000 });
  const rows = page.getByTestId('connected-device');

  // An update, its progress in the dialog and the list, then the success screen closing by itself.
  const updatable = rows.filter({ hasText: 'Update available' }).first();
  const serialNumber = (await updatable.getByRole('link').textContent())!.trim();
  await updatable.getByRole('button', { name: `Actions on ${serialNumber}` }).click();
  await page.getByRole('menuitem', { name: 'Update', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Update ${serialNumber}` });
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog.getByRole('progressbar')).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText(`${serialNumber} is updated.`)).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByRole('timer')).toHaveText(/Closing in \d s/);
  await expect(dialog).toBeHidden({ timeout: 10_000 });

  // Ejected: the device leaves the list.
  const row = rows.filter({ hasText: serialNumber });
  await row.getByRole('button', { name: `Actions on ${serialNumber}` }).click();
  await page.getByRole('menuitem', { name: 'Eject' }).click();
  const eject = page.getByRole('dialog', { name: `Eject ${serialNumber}` });
  await eject.getByRole('button', { name: 'Eject' }).click();
  await expect(eject.getByText(`${serialNumber} is ejected.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(title).toHaveText('2 connected devices');

  // The server goes away: the list clears and the console says it tries again; then it comes back.
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await expect(page.getByTestId('hub-reconnecting')).toBeVisible({ timeout: 15_000 });
  await expect(rows).toHaveCount(0);
  server = await startServer();
  await expect(title).toHaveText('2 connected devices', { timeout: 60_000 });
  await expect(page.getByTestId('hub-reconnecting')).toBeHidden();
});
