import type { BillingCurrencyListAnswer } from '@fleet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { BillingCurrenciesPage } from './billing-currencies-page';

const DURAND = {
  id: '0d3c9a2e-7f1b-4c1e-9a51-5f3c2b1a0d11',
  name: 'Atelier Durand',
  code: 'DURAND',
  country: 'FR',
};
const LIST: BillingCurrencyListAnswer = {
  billingCurrencies: [
    { company: DURAND, billingCurrency: 'EUR', orderCurrencies: ['EUR', 'USD'] },
    {
      company: { id: 'c2', name: 'Maple Fleet', code: 'MAPLE', country: 'CA' },
      billingCurrency: 'USD',
      orderCurrencies: [],
    },
  ],
  currencies: ['CNY', 'EUR', 'JPY', 'USD'],
};

function open() {
  renderRoute([{ path: '/billing', element: <BillingCurrenciesPage /> }], '/billing', 'accounting');
}

describe('billing currencies', () => {
  it("shows each company's billing currency beside the currencies of its orders so far", async () => {
    stubFetch({ 'GET /api/Accounting/BillingCurrencies': { body: LIST } });
    open();
    const table = await screen.findByRole('table', { name: 'Billing currencies' });
    const [durand, maple] = within(table).getAllByRole('row').slice(1);
    expect(within(durand!).getByText('Atelier Durand')).toBeVisible();
    expect(within(durand!).getByText('DURAND · FR')).toBeVisible();
    expect(within(durand!).getByText('EUR, USD')).toBeVisible();
    expect(within(maple!).getByText('No order yet')).toBeVisible();
  });

  it('changes a company’s currency through a dialog, sending the currency picked', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch({
      'GET /api/Accounting/BillingCurrencies': { body: LIST },
      [`PUT /api/Accounting/BillingCurrencies/${DURAND.id}`]: { status: 204 },
    });
    open();
    await user.click(
      await screen.findByRole('button', { name: 'Change the billing currency of Atelier Durand' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Billing currency of Atelier Durand' });
    expect(within(dialog).getByText(/Orders already placed keep theirs/)).toBeVisible();
    await user.click(within(dialog).getByRole('combobox', { name: 'Currency' }));
    await user.click(await screen.findByRole('option', { name: 'USD' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('table', { name: 'Billing currencies' });
    const [sent] = requestsTo(fetchSpy, 'PUT', `/api/Accounting/BillingCurrencies/${DURAND.id}`);
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ currency: 'USD' });
  });
});
