import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

test('a store is created, found, edited and archived, and each change is in the logs', async ({ page }) => {
  const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, 'administrator');
  await page.goto('/console/company');
  await page.getByRole('region', { name: 'Stores' }).getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/console\/stores\/list/);

  await page.getByRole('button', { name: 'New store' }).click();
  const form = page.getByRole('dialog', { name: 'New store' });
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('Required').first()).toBeVisible();
  await form.getByLabel('Store code').fill(code);
  await form.getByRole('textbox', { name: /^Name/ }).fill('Garage des Tilleuls');
  await form.getByLabel('Address line 1').fill('12 rue des Tilleuls');
  await form.getByLabel('Postal code').fill('69003');
  await form.getByLabel('City').fill('Lyon');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Store ${code} created`)).toBeVisible();

  // The new store opens in the drawer, its address formatted the French way.
  const drawer = page.getByRole('dialog', { name: 'Store', exact: true });
  await expect(drawer.getByRole('heading', { name: 'Garage des Tilleuls' })).toBeVisible();
  await expect(drawer.getByText('69003 Lyon')).toBeVisible();
  await expect(drawer.getByText('No device is attached to this store.')).toBeVisible();
  await expect(page).toHaveURL(/storeId=\d+/);

  await drawer.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit store ${code}` });
  await edit.getByRole('textbox', { name: /^Name/ }).fill('Garage des Tilleuls Lyon');
  await edit.getByRole('switch', { name: 'Archived' }).check({ force: true });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByRole('heading', { name: 'Garage des Tilleuls Lyon' })).toBeVisible();
  await expect(drawer.getByText('Archived')).toBeVisible();
  await page.keyboard.press('Escape');

  // Found by its city, archived in the list.
  await page.getByLabel('Filter').fill('Lyon');
  await page.keyboard.press('Enter');
  const row = page.getByRole('table', { name: 'Stores' }).locator('tbody tr').filter({ hasText: code });
  await expect(row).toContainText('Archived');

  await page.goto('/console/logs');
  await page.getByLabel('Filter').fill('Administrator');
  await page.keyboard.press('Enter');
  const entries = page.getByRole('table', { name: 'Changes' }).getByRole('row');
  await expect(entries.filter({ hasText: 'Store changed' }).first()).toContainText(
    'Garage des Tilleuls Lyon',
  );
  await expect(entries.filter({ hasText: 'Store created' }).first()).toContainText(code);
});

test('a customer manager sees the stores of their company only, without the company column', async ({
  page,
}) => {
  await signIn(page, 'customer-engineering-manager');
  await page.goto('/console/stores');
  await expect(page).toHaveURL(/\/console\/stores\/list/);
  const rows = page.getByRole('table', { name: 'Stores' }).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Company' })).toHaveCount(0);
  const codes = await rows.locator('td:first-child').allInnerTexts();
  expect(codes.every((code) => code.startsWith('DEMO-C-'))).toBe(true);
});

test('stores are imported from a file: a bad row is shown, fixed in place, then all rows are imported', async ({
  page,
}) => {
  const prefix = `IMP-${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, 'administrator');
  await page.goto('/console/stores/import');
  const file = [
    'officialStoreCode;name;company;locality;postalCode;regionCode',
    `${prefix}-1;Pneus du Centre;DEMO-CUSTOMER;Clermont-Ferrand;63000;FR`,
    `${prefix}-2;Tyre Town;DEMO-CUSTOMER;Springfield;62701;USA`,
  ].join('\r\n');
  await page.locator('input[type=file]').setInputFiles({
    name: 'stores.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(file),
  });
  const table = page.getByRole('table', { name: 'Rows of the file' });
  // The rule the cell breaks, in the user's language, not the server's English.
  await expect(table.getByText('At most 2 characters')).toBeVisible();
  await expect(page.getByText('With errors: 1')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import' })).toBeDisabled();

  await page.getByRole('button', { name: 'Edit row 3' }).click();
  const row = page.getByRole('dialog', { name: 'Row 3' });
  await row.getByLabel('regionCode').fill('US');
  await row.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText('With errors: 0')).toBeVisible();
  await expect(page.getByText('To create: 2')).toBeVisible();

  await page.getByRole('button', { name: 'Import' }).click();
  await page
    .getByRole('dialog', { name: 'Import these stores?' })
    .getByRole('button', { name: 'Import' })
    .click();
  await expect(page.getByText('Stores imported: 2 created, 0 updated')).toBeVisible();

  await page.getByRole('tab', { name: 'List' }).click();
  await page.getByLabel('Filter').fill(prefix);
  await page.getByLabel('Filter').press('Enter');
  await expect(page.getByText('2 stores')).toBeVisible();
  await page.getByRole('button', { name: `Open store ${prefix}-2` }).click();
  await expect(
    // Written as OpenCage's US template writes it, the state left out of the file.
    page.getByRole('dialog', { name: 'Store', exact: true }).getByText('Springfield, 62701'),
  ).toBeVisible();
});

test('the stores of the list filters are exported as a task whose file has the import columns', async ({
  page,
}) => {
  await signIn(page, 'support-manager');
  await page.goto('/console/stores/list');
  await page.getByLabel('Filter').fill('Lyon');
  await page.keyboard.press('Enter');
  await page.getByRole('tab', { name: 'Export' }).click();
  await expect(page).toHaveURL(/\/console\/stores\/export/);
  // The list's filters come along.
  await expect(page.getByText('Search: Lyon')).toBeVisible();
  await page.getByRole('textbox', { name: /^Description/ }).fill('Stores in Lyon');
  await page.getByText('CSV', { exact: true }).click();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(
    page.getByText('Export requested. Follow it in the task list at the top right.'),
  ).toBeVisible();

  await page.getByRole('button', { name: /^Tasks/ }).click();
  const menu = page.getByRole('dialog').filter({ hasText: 'All tasks' });
  await expect(menu.getByText('Done')).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await menu.getByRole('button', { name: 'Download Stores in Lyon' }).click();
  const file = readFileSync(await (await download).path(), 'utf8');
  const [header, ...rows] = file.slice(1).trim().split('\r\n');
  expect(header!.startsWith('officialStoreCode,name,dealerCode,company,group,status')).toBe(true);
  for (const row of rows) expect(row).toContain('Lyon');
});
