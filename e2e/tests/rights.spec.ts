import { expect, type Page } from '@playwright/test';
import { test } from '@playwright/test';
import { signIn } from './sign-in';

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out in all tabs' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
}

test("a change of a user's roles and company shows in their menu at their next sign-in, and in the logs", async ({
  page,
}) => {
  await signIn(page, 'accounting');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Company' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Devices' })).toBeVisible();
  await signOut(page);

  await signIn(page, 'administrator', '/console/tool/rights-management');
  await expect(page).toHaveURL(/\/tool\/rights-management\/users/);
  await page.getByLabel('Filter').fill('accounting');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Edit rights of Accounting (demo)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rights of Accounting (demo)' });
  // A customer's company does not take an internal role: the dialog says so before anything is sent.
  await dialog.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: /Atelier Durand Automobiles/ }).click();
  await expect(dialog.getByText('The role Accounting does not fit this company')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: 'Accounting' }).click();
  await page.getByRole('option', { name: 'Dashboard viewer' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Rights of Accounting (demo) saved')).toBeVisible();
  const users = page.getByRole('table', { name: 'Users' });
  await expect(users.getByRole('row').filter({ hasText: 'Accounting (demo)' })).toContainText(
    'Dashboard viewer',
  );

  await page.goto('/console/logs');
  await page.getByLabel('Filter').fill('Administrator');
  await page.keyboard.press('Enter');
  const entries = page.getByRole('table', { name: 'Changes' }).getByRole('row');
  await expect(entries.filter({ hasText: 'Rights changed' }).first()).toBeVisible();
  await signOut(page);

  await signIn(page, 'accounting');
  await expect(menu.getByRole('link', { name: 'Jobs' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Company' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Devices' })).toHaveCount(0);
});

test('a user is added to a group and taken out from the group’s members', async ({ page }) => {
  await signIn(page, 'support-manager', '/console/tool/rights-management/groups');
  await page.getByRole('button', { name: 'Members of Latin America' }).click();
  const dialog = page.getByRole('dialog', { name: 'Members of Latin America' });
  await dialog.getByRole('combobox', { name: 'Add a user' }).fill('business');
  await page.getByRole('option', { name: 'Business (demo) (business)' }).click();
  const members = dialog.getByRole('table', { name: 'Members of Latin America' });
  await expect(members).toContainText('Business (demo)');
  await members.getByRole('button', { name: 'Take out Business (demo)' }).click();
  await expect(dialog.getByText('Nobody is in this group yet.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
});
