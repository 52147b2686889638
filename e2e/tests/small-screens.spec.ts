import { expect, test } from '@playwright/test';
import { everyScreen, sampleRecords, sweepTimeout } from './screens';
import { signIn } from './sign-in';

/** The screens people use on a phone, at 390 px wide: nothing may make the page scroll sideways. */
test.use({ viewport: { width: 390, height: 844 } });

/**
 * Every screen of the route table is checked, new ones included, except these: areas and device pages
 * that only lead to their first tab (checked as that tab), and the sign-in flow's own screens.
 */
const NOT_SCREENS = [
  'series',
  'jobs',
  'serieDetails',
  'accessoryDetails',
  'desktopAuth',
  'authCallback',
  'authFailed',
  'sessionExpired',
];

test('the sign-in page fits a 390 px wide screen', async ({ page }) => {
  await page.goto('/console/');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const widths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
});

test('every screen of the route table fits a 390 px wide screen', async ({ page }, testInfo) => {
  test.setTimeout(sweepTimeout());
  await signIn(page, 'administrator');
  const records = await sampleRecords(page);
  const screens = everyScreen(records).filter((screen) => !NOT_SCREENS.includes(screen.name));
  const overflowing: string[] = [];
  for (const screen of screens) {
    await page.goto(`/console${screen.path}`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    const width = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
      // The widest element that sticks out, to say what to fix.
      culprit: [...document.querySelectorAll('body *')]
        .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')}`)
        .slice(0, 3)
        .join(', '),
    }));
    if (width.page > width.viewport)
      overflowing.push(`${screen.name}: ${width.page} px wide in ${width.viewport} (${width.culprit})`);
    await testInfo.attach(`${screen.name}.png`, { body: await page.screenshot(), contentType: 'image/png' });
  }
  expect(overflowing).toEqual([]);
});
