import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** WCAG 2.1 A and AA rules of axe-core on the page as it is now (the page needs `bypassCSP`). */
export async function axe(page: Page): Promise<Violation[]> {
  // Once per document: the sweep moves between screens without loading the page again.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe.run(document, {
      runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
      // Only the violations are read: passes and incomplete results are not gathered.
      resultTypes: ['violations'],
    });
    return result.violations;
  });
}

/** The serious and critical violations, each with the first places it was found. */
export function serious(violations: Violation[]): string[] {
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
