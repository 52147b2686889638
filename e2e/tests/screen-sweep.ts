import { expect, test, type Page } from '@playwright/test';
import { axe, serious } from './axe';
import { everyScreen, requestTracker, sampleRecords, sweepTimeout } from './screens';
import { signIn } from './sign-in';

/**
 * One visit of every screen of the route table per variant, new screens included: axe-core (no serious or
 * critical violation) in both variants, and the phone width (nothing may make the page scroll sideways).
 * The tool-equipment variant is checked at a desktop width, the tyre-pressure one at 390 px, so each
 * screen is seen at both widths and in both variants' colours without a third sweep. Screens are opened
 * by the router, as the console's links do, and checked once their calls have settled.
 */
const PHONE = { width: 390, height: 844 };

/** Areas and device pages that only lead to their first tab (checked as that tab), and sign-in's own screens. */
const NOT_PHONE_SCREENS = [
  'series',
  'jobs',
  'serieDetails',
  'accessoryDetails',
  'desktopAuth',
  'authCallback',
  'authFailed',
  'sessionExpired',
];

/** What sticks out sideways, to say what to fix; undefined when the page fits. */
async function overflow(page: Page): Promise<string | undefined> {
  const width = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
    culprit: [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')}`)
      .slice(0, 3)
      .join(', '),
  }));
  return width.page > width.viewport
    ? `${width.page} px wide in ${width.viewport} (${width.culprit})`
    : undefined;
}

/** Opens a screen as a link in the console does (the router's own navigation, without loading the app again). */
async function visit(page: Page, path: string) {
  if (!page.url().includes('/console/')) return void (await page.goto(path));
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * The sweep of one variant's server; at the phone width when `phone`. Each variant's sweep is a spec file
 * of its own.
 */
export function sweepScreens(variant: string, baseURL: string, phone: boolean) {
  test.describe(`screens, ${variant} variant${phone ? ', 390 px wide' : ''}`, () => {
    // axe-core is injected as a script: the console's content security policy would refuse it.
    test.use({ baseURL, bypassCSP: true, ...(phone ? { viewport: PHONE } : {}) });

    test('the sign-in page has no serious or critical violation and fits', async ({ page }) => {
      await page.goto('/console/');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      expect(serious(await axe(page))).toEqual([]);
      if (phone) expect(await overflow(page)).toBeUndefined();
    });

    test('every screen of the route table has no serious or critical violation and fits', async ({
      page,
    }, testInfo) => {
      test.setTimeout(sweepTimeout());
      await signIn(page, 'administrator');
      const records = await sampleRecords(page);
      const violations: string[] = [];
      const overflowing: string[] = [];
      const counts: string[] = [];
      const settled = requestTracker(page);
      for (const screen of everyScreen(records)) {
        await visit(page, `/console${screen.path}`);
        // Screens that load lazily or chain their calls settle first.
        await settled();
        const found = await axe(page);
        counts.push(`${screen.name}: ${found.length}`);
        violations.push(...serious(found).map((line) => `${screen.name} ${screen.path}: ${line}`));
        if (!phone || NOT_PHONE_SCREENS.includes(screen.name)) continue;
        const sticksOut = await overflow(page);
        if (!sticksOut) continue;
        overflowing.push(`${screen.name}: ${sticksOut}`);
        await testInfo.attach(`${screen.name}.png`, {
          body: await page.screenshot(),
          contentType: 'image/png',
        });
      }
      testInfo.annotations.push({ type: 'axe violations per screen', description: counts.join('; ') });
      expect(violations).toEqual([]);
      expect(overflowing).toEqual([]);
    });
  });
}
