import { expect, test, type Page } from '@playwright/test';
import { api } from './api';
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

test('a French company’s English-reading customer pays in euros, and accounting opens the order from its journal line', async ({
  page,
  browser,
}) => {
  await signIn(page, 'customer-engineering-user');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Services' }).click();
  await page.getByRole('region', { name: 'Calibration request' }).getByRole('link', { name: 'Open' }).click();
  await expect(page.getByRole('heading', { name: 'Calibration request' })).toBeVisible();
  const serialNumber = await chooseFirstFreeDevice(page);
  await expect(page.getByText('1 device chosen')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('combobox', { name: 'Service center' }).click();
  await page.getByRole('option', { name: 'Fleet Instruments Service Center Lyon' }).click();
  // The address book's default pick-up address is chosen already.
  await expect(page.getByRole('combobox', { name: 'Pick-up address' })).toHaveValue('Workshop');
  await page.getByRole('button', { name: 'Next' }).click();

  const lines = page.getByRole('table', { name: 'Order lines' });
  await expect(lines).toContainText(serialNumber);
  await expect(lines).toContainText('Pick-up and return');
  // Atelier Durand is billed in euros, whatever language its user reads.
  const total = (await page.getByTestId('order-total').textContent()) ?? '';
  expect(total).toMatch(/^€/);
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
  const number = ((await page.getByRole('heading', { name: /^Order FC-/ }).textContent()) ?? '').replace(
    'Order ',
    '',
  );

  const accountingContext = await browser.newContext();
  const accounting = await accountingContext.newPage();
  await signIn(
    accounting,
    'accounting',
    `/console/tool/accounting-management/sales-journal?Search=${number}`,
  );
  const journal = accounting.getByRole('table', { name: 'Sales journal' });
  await expect(journal.getByRole('row')).toHaveCount(2);
  await expect(journal).toContainText('€');
  await journal.getByRole('link', { name: `Order ${number}` }).click();
  await expect(accounting).toHaveURL(/\/console\/tool\/accounting-management\/orders\/\d+$/);
  await expect(accounting.getByRole('heading', { name: `Order ${number}` })).toBeVisible();
  await expect(accounting.getByText(/Atelier Durand Automobiles · placed .* · in EUR/)).toBeVisible();
  await expect(accounting.getByRole('table', { name: 'Order lines' })).toContainText(serialNumber);
  await accounting.getByRole('link', { name: 'Customer account of Atelier Durand Automobiles' }).click();
  await expect(accounting.getByRole('table', { name: 'Customer accounts' })).toContainText('EUR');
  await accountingContext.close();
});

test('a declined card leaves the order to pay, and a quote can be asked instead', async ({ page }) => {
  await signIn(page, 'customer-engineering-manager');
  await page.goto('/console/services/calibration-request');
  await chooseFirstFreeDevice(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('combobox', { name: 'Service center' }).click();
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

interface PlacedOrder {
  id: number;
  number: string;
}

/** Places a calibration request through the API as the signed-in customer, for one free device at Lyon. */
async function placeOrder(
  page: Page,
  intent: 'pay' | 'quote',
  paymentMethodType: string,
): Promise<PlacedOrder> {
  const { devices } = await api<{
    devices: { serialNumber: string; openOrder: unknown; priceMinor: number | null }[];
  }>(page, '/api/CalibrationRequest/Devices?Due=all&PageSize=100');
  const device = devices.find((d) => !d.openOrder && d.priceMinor !== null)!;
  const options = await api<{ termsVersion: string; serviceCenters: { id: number; code: string }[] }>(
    page,
    '/api/CalibrationRequest/Options',
  );
  const { addresses } = await api<{ addresses: { id: number }[] }>(page, '/api/Addresses');
  return api<PlacedOrder>(page, '/api/Orders', {
    method: 'POST',
    body: {
      serialNumbers: [device.serialNumber],
      serviceCenterId: options.serviceCenters.find((center) => center.code === 'LYON')!.id,
      pickupAddressId: addresses[0]!.id,
      paymentMethodType,
      intent,
      acceptedTermsVersion: options.termsVersion,
      ...(intent === 'quote' ? { quoteMessage: 'Please add a carrying case.' } : {}),
    },
  });
}

test('staff move an order through its steps and the customer sees each status', async ({ page, browser }) => {
  await signIn(page, 'customer-engineering-user');
  const order = await placeOrder(page, 'pay', 'bank-transfer');
  await page.goto(`/console/user/orders/${order.id}`);
  const status = page
    .getByRole('main')
    .getByRole('heading', { name: `Order ${order.number}` })
    .locator('..');
  await expect(status).toContainText('Awaiting payment');
  await expect(page.getByRole('button', { name: /^Invoice INV-/ })).toBeVisible();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, 'support-manager', `/console/tool/orders-management/orders?orderId=${order.id}`);
  const drawer = staff.getByRole('dialog', { name: 'Order' });
  await expect(drawer.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  const act = async (button: string, then: string) => {
    await drawer.getByRole('button', { name: button }).click();
    await expect(drawer.getByTestId('order-header')).toContainText(then);
  };
  await drawer.getByRole('button', { name: 'Record the transfer' }).click();
  await staff.getByRole('textbox', { name: 'Transfer reference' }).fill('TRF-E2E-1');
  await staff
    .getByRole('dialog', { name: /^Record the transfer for order/ })
    .getByRole('button', { name: 'Record the transfer' })
    .click();
  await expect(drawer.getByTestId('order-header')).toContainText('Paid');
  await drawer.getByRole('button', { name: 'Book the pick-up' }).click();
  await staff
    .getByRole('dialog', { name: /^Book the pick-up/ })
    .getByRole('button', { name: 'Book' })
    .click();
  await expect(drawer.getByText(/To the service center · Fleet Sandbox Carrier FS\d{11}/)).toBeVisible();

  await page.reload();
  await expect(status).toContainText('Pick-up booked');
  await expect(page.getByText(/To the service center · Fleet Sandbox Carrier FS\d{11}/)).toBeVisible();

  await act('Mark received', 'At the service center');
  await act('Start the service', 'In service');
  await expect(drawer.getByText('Step 1 of 5: Incoming inspection')).toBeVisible();
  for (const step of ['Adjustment', 'Calibration', 'Final check', 'Packing']) {
    await drawer.getByRole('button', { name: 'Next step' }).click();
    await expect(drawer.getByText(new RegExp(`Step \\d of 5: ${step}`))).toBeVisible();
  }
  await page.reload();
  await expect(status).toContainText('In service');
  await expect(
    page.getByRole('list', { name: 'Timeline' }).or(page.getByText('In service: Packing')),
  ).toBeVisible();

  await drawer.getByRole('button', { name: 'Ship back' }).click();
  await staff
    .getByRole('dialog', { name: /^Ship order/ })
    .getByRole('button', { name: 'Book' })
    .click();
  await expect(drawer.getByTestId('order-header')).toContainText('On its way back');
  await act('Mark delivered', 'Delivered');
  await page.reload();
  await expect(status).toContainText('Delivered');
  await expect(page.getByText('Back to you · Fleet Sandbox Carrier', { exact: false })).toBeVisible();
  await staffContext.close();
});

test('a quote request is answered by staff and accepted by the customer, who is invoiced', async ({
  page,
  browser,
}) => {
  await signIn(page, 'customer-engineering-user');
  const order = await placeOrder(page, 'quote', 'bank-transfer');

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signIn(staff, 'support-user', `/console/tool/orders-management/orders?orderId=${order.id}`);
  const drawer = staff.getByRole('dialog', { name: 'Order' });
  await expect(drawer.getByRole('alert').getByText('Please add a carrying case.')).toBeVisible();
  await drawer.getByRole('button', { name: 'Send a quote' }).click();
  const quote = staff.getByRole('dialog', { name: `Quote for order ${order.number}` });
  await quote.getByRole('button', { name: 'Add a part' }).click();
  await quote.getByRole('textbox', { name: 'SKU code' }).fill('NO-SUCH-SKU');
  await quote.getByRole('button', { name: 'Send the quote' }).click();
  // Said in the user's words under the SKU code, never the server's English.
  await expect(quote.getByRole('textbox', { name: 'SKU code' })).toHaveAccessibleDescription(
    /Not found: choose an existing one/,
  );
  await quote.getByRole('textbox', { name: 'SKU code' }).fill('CASE-01');
  await quote.getByRole('textbox', { name: 'Note to the customer' }).fill('Case added.');
  await quote.getByRole('button', { name: 'Send the quote' }).click();
  await expect(drawer.getByRole('table', { name: 'Order lines' })).toContainText('Carrying case');
  await staffContext.close();

  await page.goto(`/console/user/orders/${order.id}`);
  await expect(page.getByText('Your quote is ready')).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Your quote is ready' })).toContainText('Case added.');
  await page.getByRole('button', { name: 'Accept the quote' }).click();
  const accept = page.getByRole('dialog', { name: 'Accept the quote' });
  await accept.getByRole('radio', { name: /Bank transfer/ }).check();
  await accept.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await accept.getByRole('button', { name: 'Accept the quote' }).click();
  await expect(page.getByRole('button', { name: /^Invoice INV-/ })).toBeVisible();
  await expect(page.getByRole('main').getByText('Awaiting payment').first()).toBeVisible();
});
