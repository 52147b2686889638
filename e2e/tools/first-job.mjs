import { chromium } from 'playwright-core';
import options from '../chromium.json' with { type: 'json' };
const [baseUrl, outDir] = process.argv.slice(2);
const browser = await chromium.launch(options);
const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
await page.goto(`${baseUrl}/console/`);
await page.getByLabel('Username').fill('administrator');
await page.getByLabel('Password').fill('demo');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.getByRole('banner').waitFor();
await page.goto(`${baseUrl}/console/jobs/live?BeginDate=2020-01-01&BeginDateOperator=since&pageSize=10`);
await page.waitForLoadState('networkidle');
const links = await page
  .getByRole('link', { name: /Open job/ })
  .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
console.log(links.join('\n'));
await page
  .getByRole('button', { name: /Show the preview|preview/i })
  .first()
  .click();
await page.waitForTimeout(500);
await page.screenshot({ path: `${outDir}/list-preview.png`, fullPage: false });
await browser.close();
