import { expect, type Page } from '@playwright/test';

/** Signs in through the real sign-in page of the built-in identity provider, as a user would. */
export async function signIn(page: Page, username: string, startPath = '/console/') {
  await page.goto(startPath);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The callback screen has the top bar too: signed in means the user menu is there.
  await expect(page.getByRole('banner').getByRole('button', { name: 'User menu' })).toBeVisible();
}
