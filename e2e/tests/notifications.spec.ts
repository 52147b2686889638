import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ownServer } from './own-server';
import { signIn } from './sign-in';

/**
 * Alerts end to end, on a server of its own that looks for what happened every 5 s: the support user
 * asks to hear of a device silent for a minute, a simulated device goes silent, and the bell counts it
 * and leads to the device.
 */
// A small fleet: the seed's few recent silences stay under the hourly cap of a rule.
const own = ownServer(30, 'notifications', {
  ALERT_EVALUATE_SECONDS: '5',
  SEED_DEVICES: '100',
  SEED_JOBS: '200',
});
const BASE = own.baseUrl;
const rosterDir = mkdtempSync(path.join(tmpdir(), 'fleet-notifications-roster-'));
test.afterAll(() => {
  own.remove();
  rmSync(rosterDir, { recursive: true, force: true });
});

/**
 * The demo seed gives some devices a last heartbeat up to 90 s before it was written: with a one-minute
 * rule, their silence is told within about a minute of the seed. Past this, only the simulated device's is.
 */
const SEEDED_SILENCES_TOLD_MS = 75_000;

/** The serial number of the one device the simulator runs, once it has written its roster. */
async function simulatedSerialNumber(roster: string): Promise<string> {
  let serialNumber: string | undefined;
  await expect
    .poll(() => {
      try {
        [serialNumber] = JSON.parse(readFileSync(roster, 'utf8')) as string[];
      } catch {
        serialNumber = undefined;
      }
      return serialNumber;
    })
    .toBeTruthy();
  return serialNumber!;
}

const bell = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('button', { name, exact: true });

test('a device silent for a minute is told by the bell, which leads to the device', async ({ page }) => {
  test.setTimeout(360_000);
  await own.start();
  const started = Date.now();
  const roster = path.join(rosterDir, 'devices.json');
  const simulator = own.simulate(['--devices', '1', '--profile', 'workshop', '--roster-file', roster]);
  const serialNumber = await simulatedSerialNumber(roster);

  // The support user hears of a device offline for an hour by default: a minute, from now on.
  await signIn(page, 'support-user', `${BASE}/console/`);
  await page.goto(`${BASE}/console/user-space/alerts`);
  const offline = page.getByRole('group', { name: 'Device offline' });
  await offline.getByRole('textbox', { name: 'Threshold in minutes' }).fill('1');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your alert rules are saved.')).toBeVisible();
  await expect(page.getByText(/These are the defaults of your roles/)).toBeHidden();

  // What the seed's recent silences told is read: the bell starts from nothing.
  await page.waitForTimeout(Math.max(0, started + SEEDED_SILENCES_TOLD_MS - Date.now()));
  const summary = page.waitForResponse((response) => response.url().endsWith('/api/Notifications/Summary'));
  await page.reload();
  const { unreadCount } = (await (await summary).json()) as { unreadCount: number };
  if (unreadCount > 0) {
    await bell(page, `Notifications, ${unreadCount} unread`).click();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.keyboard.press('Escape');
  }
  await expect(bell(page, 'Notifications')).toBeVisible();

  simulator.kill('SIGTERM');
  // A minute of silence, the next look (5 s), then the hub's word or the bell's own minute.
  await expect(bell(page, 'Notifications, 1 unread')).toBeVisible({ timeout: 180_000 });
  await bell(page, 'Notifications, 1 unread').click();
  const line = page
    .getByRole('list', { name: 'Recent notifications' })
    .getByRole('link', { name: new RegExp(`Device ${serialNumber} has been offline for 1 minute`) });
  await line.click();
  await expect(page).toHaveURL(new RegExp(`/console/serie/${serialNumber}`));
  await expect(bell(page, 'Notifications')).toBeVisible();
});
