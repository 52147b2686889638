import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { api } from './api';
import { signIn } from './sign-in';

interface Card {
  serialNumber: string;
  deviceStatus: string;
  officialStoreCode: string | null;
  officialStore: { storeStatus: number } | null;
}

/** An activated device in an open store: stores are their company's, so it goes back to that one. */
async function activatedDeviceInStore(page: Page): Promise<Card & { officialStoreCode: string }> {
  const { series } = await api<{ series: Card[] }>(
    page,
    '/api/Series/User?SerieStatusFilter=Activated&PageSize=100',
  );
  const device = series.find((card) => card.officialStoreCode && card.officialStore?.storeStatus === 0);
  if (!device) throw new Error('no activated device in an open store');
  return device as Card & { officialStoreCode: string };
}

test('a support manager detaches a device from its store, attaches it again and edits its code', async ({
  page,
}) => {
  await signIn(page, 'support-manager', '/console/user-space');
  const device = await activatedDeviceInStore(page);
  const storeCode = device.officialStoreCode;
  await page.goto(`/console/serie/${device.serialNumber}`);
  await expect(page).toHaveURL(new RegExp(`/serie/${device.serialNumber}/info$`));
  await expect(page.getByRole('heading', { name: device.serialNumber })).toBeVisible();

  await page.getByRole('button', { name: 'Detach from the store' }).click();
  const detach = page.getByRole('dialog');
  await expect(detach).toContainText(device.serialNumber);
  await expect(detach).toContainText(storeCode);
  await detach.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('button', { name: 'Attach to a store' })).toBeVisible();

  await page.getByRole('button', { name: 'Attach to a store' }).click();
  const attach = page.getByRole('dialog', { name: 'Attach the device to a store' });
  await attach.getByRole('textbox', { name: 'Store code' }).fill(storeCode);
  await attach.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('region', { name: 'Store' })).toContainText(storeCode);

  await page.getByRole('button', { name: 'Edit the store code' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit the store code' });
  await edit.getByRole('textbox', { name: 'Store code' }).fill('NO-SUCH-STORE');
  await edit.getByRole('button', { name: 'Confirm' }).click();
  await expect(edit).toContainText(/no store/i);
  await edit.getByRole('textbox', { name: 'Store code' }).fill(storeCode);
  await edit.getByRole('button', { name: 'Confirm' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('region', { name: 'Store' })).toContainText(storeCode);
});

test('a support manager sets and resets the activation date', async ({ page }) => {
  await signIn(page, 'support-manager', '/console/user-space');
  const device = await activatedDeviceInStore(page);
  await page.goto(`/console/serie/${device.serialNumber}/info`);
  await page.getByRole('button', { name: 'Set the activation date' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set the activation date' });
  // A date before the minimum is refused in the dialog: the rule shows and Confirm is blocked.
  await dialog.getByRole('textbox', { name: 'Activation date' }).fill('2016-05-05');
  await expect(dialog).toContainText('2017-02-01');
  await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Activation date' }).fill('2021-06-15');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  // Shown in the user's date format (en-US here), as every date of the console.
  await expect(page.getByRole('region', { name: 'General information' })).toContainText('06/15/2021');

  await page.getByRole('button', { name: 'Reset the activation' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  const [year, month, day] = new Date().toISOString().slice(0, 10).split('-');
  await expect(page.getByRole('region', { name: 'General information' })).toContainText(
    `${month}/${day}/${year}`,
  );
});

test('a support manager deletes a screenshot', async ({ page }) => {
  const [serialNumber] = JSON.parse(
    readFileSync(path.join(import.meta.dirname, '..', '.simulated-devices.json'), 'utf8'),
  ) as string[];
  await signIn(page, 'support-manager', `/console/serie/${serialNumber}/screenshots`);
  const shots = page.getByRole('article');
  await expect(shots.first()).toBeVisible({ timeout: 30_000 });
  const before = await shots.count();
  const name = await shots.first().getAttribute('aria-label');
  await shots.first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('article', { name: name! })).toHaveCount(0);
  expect(await shots.count()).toBeLessThanOrEqual(before);
});

test('a customer sees their device without the forbidden actions, and not a foreign one', async ({
  page,
}) => {
  await signIn(page, 'customer-engineering-user', '/console/user-space');
  const { series } = await api<{ series: Card[] }>(page, '/api/Series/User?PageSize=10');
  const own = series.find((card) => card.deviceStatus === 'A')!;
  await page.goto(`/console/serie/${own.serialNumber}/info`);
  await expect(page.getByRole('heading', { name: own.serialNumber })).toBeVisible();
  for (const action of [
    'Deactivate',
    'Blacklist',
    'Discard',
    'Delete the device',
    'Attach to a store',
    'Set the activation date',
    'Reset the activation',
  ]) {
    await expect(page.getByRole('button', { name: action })).toHaveCount(0);
  }
  await page.goto('/console/user-space');
  const { series: all } = await api<{ series: Card[] }>(page, '/api/Series/User?PageSize=100');
  const ownSerials = new Set(all.map((card) => card.serialNumber));
  const foreign = ['TPT2C5189500000', 'TQW8C9311700001', 'TQW9G9282900002'].find(
    (sn) => !ownSerials.has(sn),
  )!;
  await page.goto(`/console/serie/${foreign}`);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
