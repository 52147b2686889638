import { chromium } from 'playwright-core';
import options from '../chromium.json' with { type: 'json' };

const [baseUrl, outDir, username, jobPath] = process.argv.slice(2);
const browser = await chromium.launch(options);
const page = await browser.newPage({ viewport: { width: 1360, height: 900 } });
page.on('console', (m) => m.type() === 'error' && console.log('console:', m.text()));
await page.goto(`${baseUrl}/console/`);
await page.getByLabel('Username').fill(username);
await page.getByLabel('Password').fill('demo');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.getByRole('banner').waitFor();
await page.goto(`${baseUrl}/console${jobPath}`);
await page.waitForLoadState('networkidle');
await page.waitForTimeout(1000);
await page.screenshot({ path: `${outDir}/summary.png`, fullPage: true });
await page.getByRole('tab', { name: /Graphs/ }).click();
await page
  .locator('[data-graph-drawn]')
  .waitFor({ timeout: 20000 })
  .catch(() => console.log('no graph drawn'));
await page.screenshot({ path: `${outDir}/graphs.png`, fullPage: true });
await page.getByRole('tab', { name: /Pictures/ }).click();
await page.waitForLoadState('networkidle');
await page.waitForTimeout(800);
await page
  .getByRole('button', { name: /Show its/ })
  .first()
  .click()
  .catch(() => undefined);
await page.waitForTimeout(400);
await page.screenshot({ path: `${outDir}/pictures.png`, fullPage: true });
await page.getByRole('tab', { name: /Summary/ }).click();
await page.getByRole('button', { name: 'Edit job' }).click();
await page.waitForTimeout(300);
await page.screenshot({ path: `${outDir}/edit-job.png`, fullPage: true });
await page.getByRole('button', { name: 'Cancel' }).click();
await page.getByRole('button', { name: 'Edit layout' }).click();
await page.waitForTimeout(300);
await page.screenshot({ path: `${outDir}/edit-layout.png`, fullPage: false });
await browser.close();
