import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

test('an editor builds a dashboard with three chart types and finds it kept after a reload', async ({
  page,
}) => {
  const name = `E2E board ${Date.now().toString(36)}`;
  await signIn(page, 'dashboard-editor', '/console/dashboard');
  await page.getByRole('button', { name: 'New dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'New dashboard' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`${name}: counted on the server`)).toBeVisible();

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  // The first widget becomes a table, the second a radar of device statuses.
  const settings = page.getByRole('dialog', { name: 'Widget' });
  const setChart = async (widget: string, chart: string) => {
    await page.getByRole('button', { name: `Settings of ${widget}` }).click();
    await settings.getByRole('combobox', { name: 'Chart' }).click();
    await page.getByRole('option', { name: chart, exact: true }).click();
    await settings.getByRole('button', { name: 'Apply' }).click();
    await expect(settings).toBeHidden();
  };
  await setChart('Devices by connection', 'Table');
  await setChart('Devices by device status', 'Radar');
  // A new widget: jobs per month by status as a heat map, refused until it has a split.
  await page.getByRole('button', { name: 'Add widget' }).click();
  await settings.getByRole('combobox', { name: 'What it counts' }).click();
  await page.getByRole('option', { name: 'Jobs' }).click();
  await settings.getByRole('combobox', { name: 'Chart' }).click();
  await page.getByRole('option', { name: 'Heat map' }).click();
  await expect(settings.getByText('A Heat map chart needs a split.')).toBeVisible();
  await expect(settings.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await settings.getByRole('combobox', { name: 'Split by' }).click();
  await page.getByRole('option', { name: 'Job status' }).click();
  await expect(settings.locator('canvas').first()).toBeVisible();
  await settings.getByRole('button', { name: 'Apply' }).click();
  // Moved by the keyboard: announced, and saved with the rest.
  await page
    .getByRole('button', { name: 'Move or resize Jobs by month and job status' })
    .last()
    .press('ArrowRight');
  await expect(page.getByRole('status').filter({ hasText: 'moved to column 2' })).toBeAttached();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(`${name} saved`)).toBeVisible();

  await page.reload();
  const chartTypes = page.locator('[data-widget]');
  await expect(page.getByText(`${name}: counted on the server`)).toBeVisible();
  await expect(chartTypes.filter({ has: page.locator('canvas') }).first()).toBeVisible();
  const kept = await chartTypes.evaluateAll((widgets) =>
    widgets.map((widget) => widget.getAttribute('data-chart-type')),
  );
  expect(kept).toEqual(expect.arrayContaining(['table', 'radar', 'heatmap']));
  await expect(page.getByRole('table', { name: 'Devices by connection' }).first()).toBeVisible();

  // A viewer of the same company sees it, without the editor's buttons.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${name} deleted`)).toBeVisible();
});
