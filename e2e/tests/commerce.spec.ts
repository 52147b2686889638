import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in';

/** Ticks the first device the calibration request lets the customer choose; answers its serial number. */
async function chooseFirstFreeDevice(page: Page): Promise<string> {
  const boxes = page.getByRole('checkbox', { name: /^Calibrate / });
  await expect(boxes.first()).toBeVisible();
  for (let index = 0; index < (await boxes.count()); index++) {
    const box = boxes.nth(index);
    if (await box.isEnabled()) {
      await box.check();
      return ((await box.getAttribute('aria-label')) ?? '').replace('Calibrate ', '');
    }
  }
  throw new Error('no device to choose');
}

test('a customer requests a calibration, pays through the sandbox checkout and lands on payment success', async ({
  page,
}) => {
  await signIn(page, 'customer-engineering-user');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Services' }).click();
  await page.getByRole('region', { name: 'Calibration request' }).getByRole('link', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { name: 'Calibration request' })).toBeVisible();
  const serialNumber = await chooseFirstFreeDevice(page);
  await expect(page.getByText('1 device chosen')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('textbox', { name: 'Service center' }).click();
  await page.getByRole('option', { name: 'Fleet Instruments Service Center Lyon' }).click();
  // The address book's default pick-up address is chosen already.
  await expect(page.getByRole('textbox', { name: 'Pick-up address' })).toHaveValue('Workshop');
  await page.getByRole('button', { name: 'Next' }).click();

  const lines = page.getByRole('table', { name: 'Order lines' });
  await expect(lines).toContainText(serialNumber);
  await expect(lines).toContainText('Pick-up and return');
  const total = (await page.getByTestId('order-total').textContent()) ?? '';
  expect(total).toMatch(/^\$/);
  // The terms first: paying without them says so.
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByText('Accept the terms to order.')).toBeVisible();
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: `Pay ${total}` }).click();

  // The provider's hosted checkout, outside the console.
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkout\//);
  await expect(page.getByRole('heading', { name: /^Pay / })).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/console\/payment-success\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expect(page.getByText(/Invoice INV-\d{4}-\d{6} is in your order/)).toBeVisible();
  await page.getByRole('link', { name: 'See the order' }).click();
  await expect(page.getByRole('heading', { name: /^Order FC-/ })).toBeVisible();
  await expect(page.getByRole('main').getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Invoice INV-/ })).toBeVisible();
});

test('a declined card leaves the order to pay, and a quote can be asked instead', async ({ page }) => {
  await signIn(page, 'customer-engineering-manager');
  await page.goto('/console/services/calibration-request');
  await chooseFirstFreeDevice(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: 'Service center' }).click();
  await page.getByRole('option', { name: 'Fleet Instruments Service Center Lyon' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/console\/user\/orders\/\d+\?payment=declined$/);
  await expect(page.getByText('The payment was declined')).toBeVisible();
  await expect(page.getByText('Payment declined')).toBeVisible();
  await page.getByRole('button', { name: 'Ask for a quote instead' }).click();
  await page.getByRole('textbox', { name: 'What you need' }).fill('Please add a carrying case.');
  await page.getByRole('textbox', { name: 'Your purchase-order reference' }).fill('PO-4711');
  await page.getByRole('button', { name: 'Ask for the quote' }).click();
  await expect(page.getByText('Quote requested', { exact: true })).toBeVisible();
  await expect(page.getByText('Your reference: PO-4711')).toBeVisible();
});
