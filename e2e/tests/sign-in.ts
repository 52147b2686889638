import { expect, type Page } from '@playwright/test';

/** Signs in through the real sign-in page of the built-in identity provider, as a user would. */
export async function signIn(page: Page, username: string, startPath = '/console/') {
  await page.goto(startPath);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('banner')).toBeVisible();
}
