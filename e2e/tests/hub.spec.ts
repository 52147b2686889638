import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { axe, serious } from './axe';
import { ROOT, ownServer } from './own-server';
import { signIn } from './sign-in';

/**
 * The live hub with a server of its own and a simulated technician plugging devices in: the devices
 * appear in the technician's list, an update runs with its progress to the end, an eject removes a
 * device, and the console reconnects by itself when the server stops and comes back.
 */
const own = ownServer(20, 'hub', { SEED_JOBS: '200' });
const BASE = own.baseUrl;
test.afterAll(() => own.remove());
// axe-core is injected as a script: the console's content security policy would refuse it.
test.use({ bypassCSP: true });

/** One technician (the support manager) with three devices plugged in for the whole test. */
function startTechnician(): ChildProcess {
  return own.keep(
    spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/device-sim/src/main.ts',
        ...['--server', BASE, '--devices', '3', '--fleet', '200', '--profile', 'workshop'],
        ...[
          '--technicians',
          '1',
          '--technician-users',
          'support-manager',
          '--update-failures',
          '0',
          '--bad-jobs',
          '0',
        ],
        ...['--keys', path.join(own.dataDir, 'demo-device-keys.json'), '--quiet'],
      ],
      { cwd: ROOT, stdio: 'ignore', env: { ...process.env, SEED: '20250801' } },
    ),
  );
}

test('devices a technician plugs in appear live, update with progress, are ejected, and come back after an outage', async ({
  page,
}) => {
  test.setTimeout(240_000);
  let server = await own.start();
  startTechnician();
  await signIn(page, 'support-manager', `${BASE}/console/`);
  await page.goto(`${BASE}/console/series/devices`);
  const title = page.getByRole('heading', { name: /connected devices?$/ });
  await expect(title).toHaveText('3 connected devices', { timeout: 60_000 });
  const rows = page.getByRole('table', { name: /connected devices?$/ }).locator('tbody tr');

  // An update, its progress in the dialog and the list, then the success screen closing by itself.
  const updatable = rows.filter({ hasText: 'Update available' }).first();
  const serialNumber = (await updatable.getByRole('link').textContent())!.trim();
  await updatable.getByRole('button', { name: `Actions on ${serialNumber}` }).click();
  await page.getByRole('menuitem', { name: 'Update', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Update ${serialNumber}` });
  await dialog.getByRole('button', { name: 'Update' }).click();
  // The progress shows while the device reports it; an update that ends sooner goes straight to success.
  const updated = dialog.getByText(`${serialNumber} is updated.`);
  await expect(dialog.getByRole('progressbar').or(updated)).toBeVisible({ timeout: 30_000 });
  await expect(updated).toBeVisible({ timeout: 60_000 });
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

  // Devices support: every connected device in an expanding table, its tabs in a drawer; no serious
  // accessibility violation with devices on screen, nor on a narrow screen.
  await page.goto(`${BASE}/console/devices-support`);
  await expect(page.getByText('2 devices connected')).toBeVisible({ timeout: 30_000 });
  const first = page.getByRole('table', { name: 'Devices support' }).locator('tbody tr').first();
  await first.getByRole('button', { name: /^Show the details of/ }).click();
  await expect(page.getByText('Connected by').first()).toBeVisible();
  expect(serious(await axe(page))).toEqual([]);
  await first.getByRole('button', { name: /^Details of / }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('tab', { name: 'Update history' }).click();
  await expect(drawer.getByRole('columnheader', { name: 'Version' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${BASE}/console/series/devices`);
  await expect(title).toHaveText('2 connected devices', { timeout: 30_000 });

  // The server goes away: the list clears and the console says it tries again; then it comes back.
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await expect(page.getByTestId('hub-reconnecting')).toBeVisible({ timeout: 15_000 });
  await expect(rows).toHaveCount(0);
  server = await own.start();
  await expect(title).toHaveText('2 connected devices', { timeout: 60_000 });
  await expect(page.getByTestId('hub-reconnecting')).toBeHidden();
});
