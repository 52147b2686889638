import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

test('registering a certificate for a device without one turns its calibration icon on, and clears the issue', async ({
  page,
}) => {
  await signIn(page, 'support-manager', '/console/tool/certificates');
  await expect(page).toHaveURL(/\/tool\/certificates\/findIssue/);
  await page.goto('/console/tool/certificates/findIssue?Issue=missing');
  const first = page.getByRole('table', { name: 'Devices with a certificate issue' }).getByRole('row').nth(1);
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

test('a company’s certificates are delivered; with e-mail off the console gives the e-mail to send', async ({
  page,
}) => {
  await signIn(page, 'support-manager', '/console/tool/certificates/new_delivery');
  await page.getByRole('combobox', { name: 'Company' }).click();
  await page.getByRole('option', { name: 'Atelier Durand Automobiles' }).click();
  const certificates = page.getByRole('table', { name: 'Certificates to send' });
  await expect(certificates.getByRole('row').nth(1)).toBeVisible();
  const rows = (await certificates.getByRole('row').count()) - 1;
  const first = certificates.getByRole('row').nth(1);
  const number = (await first.getByRole('cell').nth(2).textContent())!.trim();
  await first.getByRole('checkbox').uncheck();
  await expect(page.getByText(`${rows - 1} of ${rows} certificates chosen`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Recipients' }).fill('quality@garage.example');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: /^Send \d+ certificates?$/ }).click();

  await expect(page.getByText('E-mail is off on this server: send the e-mail yourself.')).toBeVisible();
  const email = page.getByRole('textbox', { name: 'The e-mail' });
  await expect(email).toHaveValue(/^Calibration certificates of Atelier Durand Automobiles/);
  await expect(email).not.toHaveValue(new RegExp(`${number},`));
  await page.getByRole('link', { name: 'See the deliveries' }).click();
  const row = page.getByRole('table', { name: 'Certificate deliveries' }).getByRole('row').nth(1);
  await expect(row).toContainText('quality@garage.example');
  await expect(row).toContainText('Not sent');
});
