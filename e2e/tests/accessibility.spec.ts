import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL, DARK_BASE_URL } from '../playwright.config';
import { everyScreen, sampleRecords } from './screens';
import { signIn } from './sign-in';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** WCAG 2.1 A and AA rules of axe-core on the page as it is now. */
async function axe(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] });
    return result.violations;
  });
}

function serious(violations: Violation[]): string[] {
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.help}): ${violation.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

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
      test.setTimeout(180_000);
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
