import type { JournalAnswer } from '@fleet/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute } from '../../testing/render-route';
import { PaymentsJournalPage, SalesJournalPage } from './journal-page';

const SALES: JournalAnswer = {
  entries: [
    {
      id: 12,
      number: 'VE-2026-0012',
      at: '2026-11-20T09:30:00.000Z',
      company: { id: 'company-2', name: 'Garage Dupont' },
      orderId: 31,
      orderNumber: 'FC-2026-000031',
      description: 'Invoice FC-2026-000031',
      currency: 'EUR',
      amountMinor: 12_000,
      lines: [
        { accountCode: '411', accountName: 'Customer receivables', debitMinor: 12_000, creditMinor: 0 },
        { accountCode: '706', accountName: 'Services', debitMinor: 0, creditMinor: 12_000 },
      ],
    },
  ],
  totalCount: 1,
  totals: [{ currency: 'EUR', amountMinor: 12_000 }],
};

function open() {
  renderRoute([{ path: '/sales', element: <SalesJournalPage /> }], '/sales', 'accounting');
}

describe('the sales journal', () => {
  it('shows each entry with the accounts it debits and credits, and the total', async () => {
    stubFetch({ 'GET /api/Accounting/SalesJournal': { body: SALES } });
    open();
    const table = await screen.findByRole('table', { name: 'Sales journal' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(within(row!).getByText('VE-2026-0012')).toBeVisible();
    expect(within(row!).getByRole('link', { name: 'Garage Dupont' })).toHaveAttribute(
      'href',
      '/tool/accounting-management/customer-accounts?Search=Garage+Dupont',
    );
    expect(within(row!).getByRole('link', { name: 'Order FC-2026-000031' })).toHaveAttribute(
      'href',
      '/tool/accounting-management/orders/31',
    );
    expect(within(row!).getByText(/^Debit 411 Customer receivables: €120\.00$/)).toBeVisible();
    expect(within(row!).getByText(/^Credit 706 Services: €120\.00$/)).toBeVisible();
    expect(screen.getByTestId('journal-totals')).toHaveTextContent('EUR total: €120.00');
  });

  it('totals each currency on its own, never one figure of two currencies', async () => {
    stubFetch({
      'GET /api/Accounting/SalesJournal': {
        body: {
          ...SALES,
          totals: [
            { currency: 'EUR', amountMinor: 131_300 },
            { currency: 'USD', amountMinor: 158_250 },
          ],
        },
      },
    });
    open();
    const totals = await screen.findByRole('group', { name: 'Totals, per currency' });
    expect(within(totals).getByText('EUR total: €1,313.00')).toBeVisible();
    expect(within(totals).getByText('USD total: $1,582.50')).toBeVisible();
  });

  it('says when no entry is posted yet, and offers the export to a user with a task list', async () => {
    stubFetch({
      'GET /api/Accounting/PaymentsJournal': { body: { entries: [], totalCount: 0, totals: [] } },
    });
    renderRoute([{ path: '/payments', element: <PaymentsJournalPage /> }], '/payments', 'administrator');
    expect(await screen.findByText('An entry is posted for each payment received.')).toBeVisible();
    expect(screen.queryByTestId('journal-totals')).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeVisible();
  });

  it('offers no export to accounting, who has no task list to collect the file from (spec §6)', async () => {
    stubFetch({ 'GET /api/Accounting/SalesJournal': { body: SALES } });
    open();
    await screen.findByRole('table', { name: 'Sales journal' });
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });
});
