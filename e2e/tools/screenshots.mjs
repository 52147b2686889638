// Screenshots of the console as a user sees it: `node e2e/tools/screenshots.mjs <baseUrl> <outDir> <username> <path>...`
import { chromium } from '@playwright/test';
import options from '../chromium.json' with { type: 'json' };

const [baseUrl, outDir, username, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({
  ...options,
  executablePath: process.env.CHROMIUM_PATH ?? options.executablePath,
});
const page = await browser.newPage({ viewport: { width: 1360, height: 860 } });
await page.goto(`${baseUrl}/console/`);
await page.screenshot({ path: `${outDir}/sign-in.png` });
await page.getByLabel('Username').fill(username);
await page.getByLabel('Password').fill('demo');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.getByRole('banner').waitFor();
for (const path of paths) {
  await page.goto(`${baseUrl}/console${path}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const name = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'start';
  await page.screenshot({ path: `${outDir}/${name}.png`, fullPage: false });
  console.log(`${outDir}/${name}.png`);
}
await browser.close();
