import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';
import { simulatedDevice } from './simulated';

test('a simulated device goes offline and comes back online while the user watches', async ({ page }) => {
  test.setTimeout(240_000);
  const serialNumber = simulatedDevice();
  await signIn(page, 'support-manager', `/console/series/devices?Search=${serialNumber}`);
  const card = page.getByRole('article', { name: new RegExp(serialNumber) });
  await expect(card).toBeVisible();
  // The list re-polls heartbeats every 30 s; with a 12 s alive threshold the device shows online for
  // about 37 s and offline for about 38 s, so every state lasts longer than a poll.
  await expect(card.getByLabel('Online')).toBeVisible({ timeout: 100_000 });
  await expect(card.getByLabel('Offline')).toBeVisible({ timeout: 100_000 });
  await expect(card.getByLabel('Online')).toBeVisible({ timeout: 100_000 });
});
