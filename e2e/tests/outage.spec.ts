import type { ChildProcess } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { ownServer } from './own-server';
import { signIn } from './sign-in';

/**
 * A server of its own, stopped and started again under an open page: the console keeps what it
 * showed, says it is stale and offline, keeps it when another page is asked for, and recovers by
 * itself within 5 s of the server's return.
 */
const own = ownServer(10, 'outage');
const BASE = own.baseUrl;
let server: ChildProcess | undefined;
test.afterAll(() => own.remove());

test('an outage keeps the list on screen, marked stale, and the console recovers by itself', async ({
  page,
}) => {
  test.setTimeout(180_000);
  server = await own.start();
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

  // Another page asked for while offline: the cards shown stay, said to be from before.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('status', { name: 'Stale data' })).toContainText(
    'This page could not be loaded yet',
  );
  await expect(page.getByRole('link', { name: new RegExp(serialNumber) }).first()).toBeVisible();

  server = await own.start();
  const back = Date.now();
  // Probed at most every 4 s while the page is in sight: usable again within 5 s of the server's return.
  await expect(page.getByRole('alert', { name: 'Offline: the server does not answer' })).toBeHidden({
    timeout: 5_000,
  });
  test
    .info()
    .annotations.push({ type: 'recovery', description: `${Date.now() - back} ms after the server answered` });
  await expect(page.getByRole('img', { name: /^Stale: was/ })).toHaveCount(0, { timeout: 15_000 });
  // The page asked for while offline is the one shown now.
  await expect(page.getByRole('link', { name: new RegExp(serialNumber) })).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Stale data' })).toHaveCount(0);
});
