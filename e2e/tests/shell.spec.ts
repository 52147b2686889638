import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

test('an administrator signs in through the real sign-in page and sees the shell', async ({ page }) => {
  await signIn(page, 'administrator');
  await expect(page).toHaveURL(/\/console\//);
  await expect(page.getByRole('button', { name: 'User menu' })).toHaveText('Administrator (demo)');
  await expect(page.getByRole('contentinfo')).toContainText('2023');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /about/i })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('a wrong password is refused on the sign-in page', async ({ page }) => {
  await page.goto('/console/');
  await page.getByLabel('Username').fill('administrator');
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid username or password');
});

test('switching to French shows the console in French', async ({ page }) => {
  // The choice is saved on the server: a user no other test signs in as, since tests run side by side.
  await signIn(page, 'series-user');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Configuration settings' }).click();
  await page.getByRole('combobox', { name: 'Language' }).click();
  // The language applies and is saved as soon as it is chosen, without Save.
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && response.url().includes('/api/Configurations/Users'),
  );
  await page.getByRole('option', { name: 'Français' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect((await saved).ok()).toBe(true);
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Menu utilisateur' })).toBeVisible();
  // The choice is saved on the server: a fresh page load comes back in French.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Menu utilisateur' })).toBeVisible();
});

test('an unknown path shows the not-found screen', async ({ page }) => {
  await signIn(page, 'business');
  await page.goto('/console/no/such/screen?x=1');
  await expect(page).toHaveURL(/\/console\/notfound$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('signing out ends the session, and its access token with it', async ({ page, request }) => {
  await signIn(page, 'factory-user');
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'))!;
    return (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token;
  });
  const me = () => request.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
  expect((await me()).status()).toBe(200);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out in all tabs' }).click();
  // The provider ends its session, sends the browser back to the console, which asks to sign in.
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // The token has not expired, but its grant is gone: the API refuses it.
  expect((await me()).status()).toBe(401);
  await page.goto('/console/user-space');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('a sign-out link from elsewhere asks before signing the user out', async ({ page }) => {
  await signIn(page, 'factory-user');
  await page.goto('/idp/session/end');
  await expect(page.getByRole('heading', { name: 'Sign out?' })).toBeVisible();
  await page.getByRole('link', { name: 'Stay signed in' }).click();
  await expect(page).toHaveURL(/\/console\//);
  await page.goto('/console/user-space');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('signing out in one tab signs out the other tabs at once', async ({ context }) => {
  const first = await context.newPage();
  // Not the user of the French test: this one reads the console in English.
  await signIn(first, 'support-manager');
  const second = await context.newPage();
  await second.goto('/console/series/devices');
  await expect(second.getByRole('link', { name: /^[A-Z]{3}\d[A-Z]\d{10}/ }).first()).toBeVisible();
  await first.getByRole('button', { name: /user menu/i }).click();
  await first.getByRole('menuitem', { name: /Sign out/ }).click();
  await expect(second.getByRole('heading', { name: 'You signed out' })).toBeVisible({ timeout: 5000 });
  await expect(second.getByRole('link', { name: /^[A-Z]{3}\d[A-Z]\d{10}/ })).toHaveCount(0);
  // Closing a tab in the middle of the sign-out's redirects can hang Chromium's teardown: let them land.
  await expect(first.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await Promise.all([first.waitForLoadState('networkidle'), second.waitForLoadState('networkidle')]);
});

test('the statistics viewer lands on the statistics, its main tool', async ({ page }) => {
  await signIn(page, 'esat-stat-viewer');
  await expect(page).toHaveURL(/\/console\/tool\/statistics/);
});

test('a dashboard viewer lands on the dashboard, its main tool', async ({ page }) => {
  await signIn(page, 'dashboard-viewer');
  await expect(page).toHaveURL(/\/console\/dashboard$/);
});
