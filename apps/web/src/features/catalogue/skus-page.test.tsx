import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { SkusPage } from './skus-page';

const PRODUCT = {
  id: 1,
  code: 'CALIBRATION',
  name: 'Calibration',
  description: null,
  category: { id: 1, name: 'Services' },
  kind: 'calibration',
  active: true,
  skuCount: 1,
};
const SKU = {
  id: 5,
  code: 'CAL-TPMS',
  name: 'TPMS tool calibration',
  product: { id: 1, name: 'Calibration', kind: 'calibration' },
  deviceType: 'TPMS-TOOL',
  weightGrams: 1200,
  tariffCode: '9031.80',
  originRegion: 'FR',
  active: true,
  prices: [
    { currency: 'EUR', amountMinor: 8900 },
    { currency: 'USD', amountMinor: 9500 },
  ],
};
const CURRENCIES = [
  { code: 'EUR', name: 'Euro', minorUnits: 2, active: true, inUse: true },
  { code: 'USD', name: 'US dollar', minorUnits: 2, active: true, inUse: true },
];

function stubSkus(saved: { status: number; body: unknown }) {
  return stubFetch({
    'GET /api/Shop/Skus': { body: { skus: [SKU] } },
    'GET /api/Shop/Products': { body: { products: [PRODUCT] } },
    'GET /api/Shop/Currencies': { body: { currencies: CURRENCIES } },
    'POST /api/Shop/Skus': saved,
  });
}

function open() {
  renderRoute([{ path: '/skus', element: <SkusPage /> }], '/skus', 'business');
}

async function fillNewSku(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add a SKU' }));
  const dialog = await screen.findByRole('dialog', { name: 'New SKU' });
  await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'BATTERY-01');
  await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Spare battery');
  await user.click(within(dialog).getByRole('combobox', { name: /^Product/ }));
  await user.click(await screen.findByRole('option', { name: PRODUCT.name }));
  await user.type(await within(dialog).findByRole('textbox', { name: 'EUR' }), '120,50');
  return dialog;
}

describe('the SKUs of the catalogue', { timeout: 30_000 }, () => {
  it('lists each SKU with its price in each currency, for a role that manages them, with add and edit', async () => {
    stubSkus({ status: 201, body: { id: 6 } });
    open();
    const table = await screen.findByRole('table', { name: 'SKUs' });
    const row = within(table).getByRole('row', { name: /CAL-TPMS/ });
    expect(within(row).getByRole('cell', { name: 'TPMS tool calibration' })).toBeVisible();
    expect(within(row).getByRole('cell', { name: '€89.00 · $95.00' })).toBeVisible();
    expect(within(row).getByText('Active')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Edit CAL-TPMS' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add a SKU' })).toBeVisible();
  });

  it('adds a SKU with its price typed as money, sent in minor units, and lists it again', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubSkus({ status: 201, body: { id: 6 } });
    open();
    const dialog = await fillNewSku(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New SKU' })).toBeNull());
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Shop/Skus');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      code: 'BATTERY-01',
      name: 'Spare battery',
      productId: PRODUCT.id,
      deviceType: null,
      weightGrams: 0,
      tariffCode: null,
      originRegion: null,
      active: true,
      prices: [{ currency: 'EUR', amountMinor: 12050 }],
    });
    // The list is asked again once saved.
    await waitFor(() => expect(requestsTo(fetchSpy, 'GET', '/api/Shop/Skus')).toHaveLength(2));
  });

  it('refuses a price that does not read as money under its field, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubSkus({ status: 201, body: { id: 6 } });
    open();
    const dialog = await fillNewSku(user);
    const euro = within(dialog).getByRole('textbox', { name: 'EUR' });
    await user.clear(euro);
    await user.type(euro, '12 euros');
    expect(euro).toHaveAccessibleDescription('An amount such as 89.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // Never saved without the price the user meant to give.
    expect(screen.getByRole('dialog', { name: 'New SKU' })).toBeVisible();
    expect(requestsTo(fetchSpy, 'POST', '/api/Shop/Skus')).toHaveLength(0);
  });

  it("puts the server's refusal under the field it names, in the user's words, and keeps the dialog open", async () => {
    const user = userEvent.setup({ delay: null });
    stubSkus({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.tariffCode: must be a tariff number such as 9031.80',
        details: [
          {
            field: 'body.tariffCode',
            message: 'must be a tariff number such as 9031.80',
            rule: { kind: 'format' },
          },
        ],
      },
    });
    open();
    const dialog = await fillNewSku(user);
    // Passes the contract as typed (the server has its own list of tariff numbers).
    await user.type(within(dialog).getByRole('textbox', { name: /^Customs tariff number/ }), '9999.99');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Not saved: check the fields marked.')).toBeVisible();
    expect(
      within(dialog).getByRole('textbox', { name: /^Customs tariff number/ }),
    ).toHaveAccessibleDescription('A tariff number such as 9031.80');
    expect(within(dialog).queryByText(/body\.|Invalid|must be/)).toBeNull();
  });
});
