import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

/** A text of the shell no other test reads: the footer's terms link. */
const KEY = 'app.footer.terms';

test('an administrator edits a text of the shell, sees it after a reload, then removes the override', async ({
  page,
}) => {
  await signIn(
    page,
    'administrator',
    `/console/tool/translations-management/translations?language=en&Search=${KEY}`,
  );
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms and conditions' })).toBeVisible();

  await page.getByRole('button', { name: `Edit ${KEY}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Text' }).fill('Conditions of use');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${KEY} saved for en · All targets.`)).toBeVisible();

  // The console merges the served texts at start: a reload shows the edit, no rebuild.
  await page.reload();
  await expect(footer.getByRole('link', { name: 'Conditions of use' })).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Texts of the console' })
    .getByRole('row')
    .filter({ hasText: KEY });
  await expect(row.getByText('Overridden')).toBeVisible();

  await page.getByRole('button', { name: `Remove the override of ${KEY}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(row.getByText('Bundled')).toBeVisible();
  await page.reload();
  await expect(footer.getByRole('link', { name: 'Terms and conditions' })).toBeVisible();
});
