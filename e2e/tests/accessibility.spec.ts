import { expect, test } from '@playwright/test';
import { axe, serious } from './axe';
import { BASE_URL, DARK_BASE_URL } from '../playwright.config';
import { everyScreen, sampleRecords, sweepTimeout } from './screens';
import { signIn } from './sign-in';

for (const [variant, baseURL] of [
  ['tool-equipment', BASE_URL],
  ['tyre-pressure', DARK_BASE_URL],
] as const) {
  test.describe(`accessibility, ${variant} variant`, () => {
    // axe-core is injected as a script: the console's content security policy would refuse it.
    test.use({ baseURL, bypassCSP: true });

    test('the sign-in page has no serious or critical violation', async ({ page }) => {
      await page.goto('/console/');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      expect(serious(await axe(page))).toEqual([]);
    });

    test('every screen of the route table has no serious or critical violation', async ({ page }) => {
      // A sweep of every screen: its time grows with the route table, a few seconds a screen.
      test.setTimeout(sweepTimeout());
      await signIn(page, 'administrator');
      const records = await sampleRecords(page);
      const found: string[] = [];
      const counts: string[] = [];
      for (const screen of everyScreen(records)) {
        await page.goto(`/console${screen.path}`);
        await page.waitForLoadState('networkidle');
        // Screens that count down or load lazily settle first.
        await page.waitForTimeout(300);
        const violations = await axe(page);
        counts.push(`${screen.name}: ${violations.length}`);
        found.push(...serious(violations).map((line) => `${screen.name} ${screen.path}: ${line}`));
      }
      test.info().annotations.push({ type: 'axe violations per screen', description: counts.join('; ') });
      expect(found).toEqual([]);
    });
  });
}
