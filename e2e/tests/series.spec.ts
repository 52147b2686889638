import { expect, test } from '@playwright/test';
import { signIn } from './sign-in';

test('the devices list filters, sorts and pages, and a reload shows the same state from the URL', async ({
  page,
}) => {
  await signIn(page, 'administrator', '/console/series/devices');
  await expect(page).toHaveURL(/\/console\/series\/devices/);
  // The demo fleet and the factory's batches of newly built devices (3 + 5 + 8).
  await expect(page.getByText('416 devices')).toBeVisible();

  await page.getByLabel('Page size').click();
  await page.getByRole('option', { name: '40' }).click();
  await expect(page).toHaveURL(/pageSize=40/);
  await expect(page.getByRole('article')).toHaveCount(40);

  await page.getByLabel('Sort by').click();
  await page.getByRole('option', { name: /registration date/i }).click();
  await page.getByLabel('Sort order').click();
  await page.getByRole('option', { name: /descending/i }).click();
  await expect(page).toHaveURL(/sortColumnName=RegistrationDate/);
  await expect(page).toHaveURL(/sortOrder=DESC/);

  const page2 = page.waitForResponse((response) =>
    /\/api\/Series\/User\?.*PageNumber=2(&|$)/.test(response.url()),
  );
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/pageNumber=2/);
  // The address changes as the click lands; the cards of page 2 follow their answer.
  const answer = (await (await page2).json()) as { series: { serialNumber: string }[] };
  const firstCardOnPage2 = answer.series[0]!.serialNumber;
  await expect(page.getByRole('article').first()).toHaveAttribute('aria-label', firstCardOnPage2);

  await page.reload();
  await expect(page).toHaveURL(/pageNumber=2/);
  await expect(page.getByRole('article').first()).toHaveAttribute('aria-label', firstCardOnPage2);
  await expect(page.getByLabel('Page size')).toHaveValue('40');
});

test('a filter token narrows the list, resets to page 1, and survives a reload', async ({ page }) => {
  await signIn(page, 'support-user', '/console/series/devices?pageNumber=3');
  const filter = page.getByLabel('Filter');
  await filter.click();
  await page.getByRole('option', { name: /maker/i }).click();
  await page.getByRole('option', { name: 'Kessler' }).click();
  await expect(page).toHaveURL(/MakerFilter=Kessler/);
  await expect(page).toHaveURL(/pageNumber=1/);
  const total = page.getByText(/^\d+ devices$/);
  await expect(total).not.toHaveText('416 devices');
  const text = await total.textContent();
  await page.reload();
  await expect(page.getByText(text!)).toBeVisible();
});

test('the accessories tab pages forward and back with cursors', async ({ page }) => {
  await signIn(page, 'administrator', '/console/series/devices');
  await page
    .getByRole('link', { name: 'Accessories' })
    .or(page.getByRole('tab', { name: 'Accessories' }))
    .click();
  await expect(page).toHaveURL(/\/console\/series\/accessories/);
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(10);
  const first = await cards.first().getAttribute('aria-label');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/cursor=/);
  await expect(cards.first()).not.toHaveAttribute('aria-label', first!);
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(cards.first()).toHaveAttribute('aria-label', first!);
  await page.getByRole('button', { name: 'Last page' }).click();
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await page.getByRole('button', { name: 'First page' }).click();
  await expect(cards.first()).toHaveAttribute('aria-label', first!);
});

test('a role without the series feature is sent to not found', async ({ page }) => {
  await signIn(page, 'dashboard-viewer', '/console/user-space');
  await page.goto('/console/series/devices?pageNumber=2');
  await expect(page).toHaveURL(/\/console\/notfound$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});
