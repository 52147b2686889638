import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

test('registering a certificate for a device without one turns its calibration icon on, and clears the issue', async ({
  page,
}) => {
  await signIn(page, 'support-manager', '/console/tool/certificates');
  await expect(page).toHaveURL(/\/tool\/certificates\/findIssue/);
  await page.goto('/console/tool/certificates/findIssue?Issue=missing');
  const first = page.getByTestId('certificate-issue').first();
  await expect(first).toContainText('Missing');
  const serialNumber = (await first.getByRole('link').first().textContent())!.trim();

  await page.goto(`/console/series/devices?Search=${serialNumber}`);
  const card = page.getByRole('article').filter({ hasText: serialNumber });
  await expect(card).toBeVisible();
  await expect(card.getByRole('img', { name: /^Calibration/ })).toHaveCount(0);

  await page.goto('/console/tool/certificates/register');
  await page.getByRole('textbox', { name: /^Device serial number/ }).fill(serialNumber);
  await page.getByRole('textbox', { name: /^Certificate number/ }).fill(`CAL-E2E-${serialNumber}`);
  await page.getByRole('textbox', { name: 'Laboratory' }).fill('Lyon calibration lab');
  await page.locator('input[type=file]').setInputFiles({
    name: 'certificate.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% certificate\n%%EOF\n'),
  });
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(
    page.getByText(`Certificate CAL-E2E-${serialNumber} registered for ${serialNumber}`),
  ).toBeVisible();

  await page.goto(`/console/series/devices?Search=${serialNumber}`);
  await expect(card.getByRole('img', { name: 'Calibration: valid' })).toBeVisible();
  await page.goto(`/console/tool/certificates/findIssue?Issue=missing&Search=${serialNumber}`);
  await expect(page.getByText('0 devices')).toBeVisible();
});
