import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';
import { simulatedDevice } from './simulated';

test('a setting set for a device reaches the simulated device with a heartbeat answer and comes back in its report', async ({
  page,
}) => {
  // The simulated device is online 25 s out of 75: the setting waits for its next session at most.
  test.setTimeout(180_000);
  const serialNumber = simulatedDevice();
  await signIn(page, 'support-config', '/console/configuration');
  await expect(page).toHaveURL(/\/configuration\/groups/);
  await page.getByRole('tab', { name: 'Devices' }).click();
  await page.getByRole('textbox', { name: 'Serial number' }).fill(serialNumber);
  await page.getByRole('button', { name: 'Open' }).click();

  const timeout = 20 + Math.floor(Date.now() % 40);
  await page
    .getByRole('textbox', { name: 'Settings of this device (JSON)' })
    .fill(JSON.stringify({ screenTimeoutSeconds: timeout, units: { temperature: 'celsius' } }));
  await page.getByRole('button', { name: 'Save the settings' }).click();
  await expect(page.getByText(`The settings of ${serialNumber} are saved.`)).toBeVisible();
  const differences = page.getByRole('table', { name: 'Settings not reported yet' });
  await expect(differences).toContainText('units.temperature');

  await expect(page.getByText('The device reports every setting set for it.')).toBeVisible({
    timeout: 120_000,
  });
  await expect(differences).toHaveCount(0);
  const list = page.getByRole('table', { name: 'Devices with settings of their own' });
  await expect(list.getByRole('row').filter({ hasText: serialNumber })).toContainText('Reported');
});

test('moving a user to a company their roles do not fit is refused in the dialog, roles untouched', async ({
  page,
}) => {
  await signIn(page, 'support-config', '/console/configuration/users');
  await page.getByLabel('Filter').fill('accounting');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Move Accounting (demo)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move Accounting (demo)' });
  await expect(dialog.getByText('Roles are changed in rights management.')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Roles' })).toHaveCount(0);
  await dialog.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: /Atelier Durand Automobiles/ }).click();
  await expect(dialog.getByText('The role Accounting does not fit this company')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Move' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
});
