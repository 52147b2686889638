import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { api } from './api';
import { signIn } from './sign-in';
import { simulatedDevice } from './simulated';

test('a version uploaded with its progress is rolled out to a simulated device, which moves to it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const serialNumber = simulatedDevice();
  await signIn(page, 'devops-manager');
  const { deviceType } = await api<{ deviceType: string }>(page, `/api/Series/${serialNumber}`);
  await page.goto(`/console/version?type=${deviceType}`);
  await expect(page.getByRole('heading', { name: deviceType, level: 2 })).toBeVisible();

  // 6 MB sent at 2 MB/s: the progress bar has time to show.
  const file = Buffer.alloc(6 * 1024 * 1024, 0x42);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  await page.getByRole('button', { name: 'Upload a version' }).click();
  const upload = page.getByRole('dialog', { name: `Upload a version of ${deviceType}` });
  await upload.getByLabel('Version number').fill('7.0.0');
  await upload.getByLabel('Release notes').fill('New home screen and offline job queue.');
  await upload.locator('input[type=file]').setInputFiles({
    name: 'firmware-7.0.0.bin',
    mimeType: 'application/octet-stream',
    buffer: file,
  });
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(upload.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(upload.getByText(/% sent/)).toBeVisible();
  await expect(upload.getByText(`${deviceType} 7.0.0 is uploaded.`, { exact: false })).toBeVisible({
    timeout: 30_000,
  });
  await expect(upload.getByText(createHash('sha256').update(file).digest('hex'))).toBeVisible();
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await upload.getByRole('button', { name: 'Close', exact: true }).click();
  const row = page.getByRole('row', { name: /^7\.0\.0/ });
  await expect(row).toContainText('Software');
  await expect(row).toContainText('6.3 MB');

  await page.getByRole('button', { name: 'Start a rollout' }).click();
  const rollout = page.getByRole('dialog', { name: `Rollout to ${deviceType} devices` });
  await expect(rollout.getByRole('combobox', { name: 'Version', exact: true })).toHaveValue(/^7\.0\.0/);
  await rollout.getByLabel('Serial numbers').fill(serialNumber);
  await rollout.getByLabel('Waves (%)').fill('100');
  await expect(rollout.getByText('1 device will be updated')).toBeVisible();
  await rollout.getByRole('button', { name: 'Start the rollout' }).click();

  // The rollout's page follows it: the simulated device asks for updates each time it comes online.
  await expect(page.getByRole('heading', { name: /^Rollout \d+ · 7\.0\.0$/ })).toBeVisible();
  const rolloutId = /rollouts\/(\d+)/.exec(page.url())?.[1];
  await expect(page.getByText('Done', { exact: true })).toBeVisible({ timeout: 150_000 });
  const devices = page.getByRole('table', { name: 'Devices of the rollout' });
  await expect(devices.getByRole('row', { name: new RegExp(serialNumber) })).toContainText('Updated');

  await page.goto(`/console/serie/${serialNumber}/updates`);
  const history = page.getByRole('table', { name: 'Update history' });
  const entry = history.getByRole('row', { name: /7\.0\.0/ });
  await expect(entry).toContainText('Succeeded');
  await expect(entry.getByRole('link', { name: `Rollout ${rolloutId}` })).toBeVisible();
  await page.goto(`/console/serie/${serialNumber}/info`);
  await expect(page.getByText('7.0.0').first()).toBeVisible();
});
