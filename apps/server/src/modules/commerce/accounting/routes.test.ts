import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { CustomerAccount, JournalAnswer } from '@fleet/contract';
import { auditLog } from '../../../db/schema.ts';
import { seedDemoOrders } from '../../../demo/seed-orders.ts';
import { startTestServer, type TestServer } from '../../../../test/helpers.ts';
import { taskFile } from '../../../../test/tasks.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemoOrders(server.database.db, server.app.media);
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);

async function journal(name: 'SalesJournal' | 'PaymentsJournal', query = ''): Promise<JournalAnswer> {
  const answer = await call('accounting', 'GET', `/api/Accounting/${name}?PageSize=100${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function customerAccounts(query = ''): Promise<CustomerAccount[]> {
  const answer = await call('accounting', 'GET', `/api/Accounting/CustomerAccounts?PageSize=100${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().customerAccounts;
}

const byCurrency = (amounts: { currency: string; amountMinor: number }[]) => {
  const sums: Record<string, number> = {};
  for (const { currency, amountMinor } of amounts)
    if (amountMinor !== 0) sums[currency] = (sums[currency] ?? 0) + amountMinor;
  return sums;
};

describe('accounting', () => {
  it('balances every entry, and the journals with the customer accounts, per currency', async () => {
    const sales = await journal('SalesJournal');
    const payments = await journal('PaymentsJournal');
    expect(sales.entries.length).toBeGreaterThan(0);
    expect(payments.entries.length).toBeGreaterThan(0);
    for (const entry of [...sales.entries, ...payments.entries]) {
      const debits = entry.lines.reduce((sum, line) => sum + line.debitMinor, 0);
      const credits = entry.lines.reduce((sum, line) => sum + line.creditMinor, 0);
      expect(debits, entry.number).toBe(credits);
      expect(debits, entry.number).toBe(entry.amountMinor);
    }
    // The totals are of every entry the filters keep, not of the page.
    expect(byCurrency(sales.totals)).toEqual(byCurrency(sales.entries));
    const accounts = await customerAccounts();
    expect(byCurrency(sales.totals)).toEqual(
      byCurrency(accounts.map((a) => ({ currency: a.currency, amountMinor: a.invoicedMinor }))),
    );
    expect(byCurrency(payments.totals)).toEqual(
      byCurrency(accounts.map((a) => ({ currency: a.currency, amountMinor: a.paidMinor }))),
    );
    for (const account of accounts)
      expect(account.balanceMinor).toBe(account.invoicedMinor - account.paidMinor);
  });

  it('filters the journals and customer accounts, and names a filter it refuses', async () => {
    const sales = await journal('SalesJournal');
    const first = sales.entries[0]!;
    const found = await journal('SalesJournal', `&Search=${first.number}`);
    expect(found.entries.map((entry) => entry.number)).toEqual([first.number]);
    const inCurrency = await journal('SalesJournal', `&Currency=${first.currency.toLowerCase()}`);
    expect(inCurrency.entries.every((entry) => entry.currency === first.currency)).toBe(true);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect((await journal('SalesJournal', `&From=${later}`)).entries).toEqual([]);
    expect((await journal('SalesJournal', `&To=${later}`)).totalCount).toBe(sales.totalCount);

    const badCurrency = await call('accounting', 'GET', '/api/Accounting/SalesJournal?Currency=EURO');
    expect(badCurrency.statusCode).toBe(400);
    expect(badCurrency.json().message).toContain('Currency');
    const backwards = await call(
      'accounting',
      'GET',
      `/api/Accounting/PaymentsJournal?From=${later}&To=${new Date(0).toISOString()}`,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toContain('From');

    const due = await customerAccounts('&Balance=due');
    const settled = await customerAccounts('&Balance=settled');
    expect(due.every((account) => account.balanceMinor !== 0)).toBe(true);
    expect(settled.every((account) => account.balanceMinor === 0)).toBe(true);
    expect(due.length + settled.length).toBe((await customerAccounts()).length);
    expect(
      (await call('accounting', 'GET', '/api/Accounting/CustomerAccounts?Balance=late')).statusCode,
    ).toBe(400);
  });

  it("keeps each company's billing currency, which accounting changes for the orders placed after", async () => {
    const companyId = await server.demoCustomerCompanyId();
    const list = await call('accounting', 'GET', '/api/Accounting/BillingCurrencies');
    expect(list.statusCode, list.body).toBe(200);
    const { billingCurrencies, currencies } = list.json();
    expect(currencies).toEqual(expect.arrayContaining(['EUR', 'USD']));
    const durand = billingCurrencies.find((row: { company: { id: string } }) => row.company.id === companyId);
    expect(durand).toMatchObject({ billingCurrency: 'EUR', company: { country: 'FR' } });
    expect(durand.orderCurrencies).toEqual(['EUR']);
    // The maker's own company buys nothing: it is not listed.
    expect(
      billingCurrencies.every(
        (row: { company: { code: string } }) => row.company.code !== 'FLEET-INSTRUMENTS',
      ),
    ).toBe(true);
    const price = async () =>
      (await call('customer-engineering-user', 'GET', '/api/CalibrationRequest/Options')).json().currency;
    expect(await price()).toBe('EUR');
    const url = `/api/Accounting/BillingCurrencies/${companyId}`;
    expect((await call('accounting', 'PUT', url, { currency: 'USD' })).statusCode).toBe(204);
    expect(await price()).toBe('USD');
    const [audited] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'company.billing-currency'), eq(auditLog.subjectId, companyId)));
    expect(audited?.details).toMatchObject({ from: 'EUR', to: 'USD' });
    // The orders already placed keep theirs.
    const after = (await call('accounting', 'GET', '/api/Accounting/BillingCurrencies')).json();
    expect(
      after.billingCurrencies.find((row: { company: { id: string } }) => row.company.id === companyId),
    ).toMatchObject({ billingCurrency: 'USD', orderCurrencies: ['EUR'] });
    const unsold = await call('accounting', 'PUT', url, { currency: 'GBP' });
    expect(unsold.statusCode).toBe(400);
    expect(unsold.json().details).toEqual([expect.objectContaining({ field: 'body.currency' })]);
    expect((await call('customer-engineering-manager', 'PUT', url, { currency: 'EUR' })).statusCode).toBe(
      403,
    );
    expect((await call('accounting', 'PUT', url, { currency: 'EUR' })).statusCode).toBe(204);
    expect(await price()).toBe('EUR');
  });

  it('opens the order behind a journal entry, read-only', async () => {
    const [entry] = (await journal('SalesJournal')).entries.filter((e) => e.orderId !== null);
    const order = await call('accounting', 'GET', `/api/Accounting/Orders/${entry!.orderId}`);
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json()).toMatchObject({ id: entry!.orderId, number: entry!.orderNumber, actions: [] });
    expect(
      (await call('customer-engineering-user', 'GET', `/api/Accounting/Orders/${entry!.orderId}`)).statusCode,
    ).toBe(403);
    expect((await call('accounting', 'GET', '/api/Accounting/Orders/999999')).statusCode).toBe(404);
  });

  it('keeps the chart of accounts: added, renamed, removed while unused, audited', async () => {
    const created = await call('accounting', 'POST', '/api/Accounting/Accounts', {
      code: '4400',
      name: 'Training',
      type: 'revenue',
    });
    expect(created.statusCode, created.body).toBe(201);
    const again = await call('accounting', 'POST', '/api/Accounting/Accounts', {
      code: '4400',
      name: 'Other',
      type: 'revenue',
    });
    expect(again.statusCode).toBe(409);
    const bad = await call('accounting', 'POST', '/api/Accounting/Accounts', {
      code: '44A',
      name: '',
      type: 'income',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('code');

    const renamed = await call('accounting', 'PUT', '/api/Accounting/Accounts/4400', {
      name: 'Training courses',
      type: 'revenue',
    });
    expect(renamed.json()).toEqual({
      code: '4400',
      name: 'Training courses',
      type: 'revenue',
      hasEntries: false,
      posted: false,
    });
    // Receivables have entries: renamed, never retyped nor removed.
    const retyped = await call('accounting', 'PUT', '/api/Accounting/Accounts/1100', {
      name: 'Receivables',
      type: 'liability',
    });
    expect(retyped.statusCode).toBe(409);
    expect((await call('accounting', 'DELETE', '/api/Accounting/Accounts/1100')).statusCode).toBe(409);
    expect((await call('accounting', 'DELETE', '/api/Accounting/Accounts/4400')).statusCode).toBe(204);
    expect((await call('accounting', 'DELETE', '/api/Accounting/Accounts/4400')).statusCode).toBe(404);

    const listed = await call('accounting', 'GET', '/api/Accounting/Accounts');
    const receivables = listed.json().accounts.find((a: { code: string }) => a.code === '1100');
    expect(receivables).toMatchObject({ name: 'Customer receivables', hasEntries: true, posted: true });
    const audited = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'account'), eq(auditLog.subjectId, '4400')))
      .orderBy(auditLog.id);
    expect(audited.map((row) => row.action)).toEqual(['account.create', 'account.update', 'account.delete']);
  });

  it('lists customs declarations with their printable document, for accounting only', async () => {
    const listed = await call('accounting', 'GET', '/api/Accounting/CustomsDeclarations');
    expect(listed.statusCode, listed.body).toBe(200);
    const declaration = listed.json().declarations[0];
    expect(declaration.fromRegion).not.toBe(declaration.toRegion);
    expect(declaration.totalMinor).toBe(
      declaration.items.reduce((sum: number, item: { valueMinor: number }) => sum + item.valueMinor, 0),
    );
    const region = await call(
      'accounting',
      'GET',
      `/api/Accounting/CustomsDeclarations?Region=${declaration.toRegion.toLowerCase()}`,
    );
    expect(region.json().totalCount).toBeGreaterThan(0);
    const document = await call(
      'accounting',
      'GET',
      `/api/Accounting/CustomsDeclarations/${declaration.id}/Document`,
    );
    expect(document.statusCode, document.body).toBe(200);
    const pdf = await server.app.inject({ method: 'GET', url: document.json().mediaLink });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    for (const user of ['customer-engineering-manager', 'support-manager', 'business'])
      expect((await call(user, 'GET', '/api/Accounting/SalesJournal')).statusCode, user).toBe(403);
  });

  it('exports a journal through a task, a row per line, amounts in major units', async () => {
    const sales = await journal('SalesJournal', '&Currency=EUR');
    const request = { ExportDescription: 'Sales in euros', ExportType: 'CSV', Filters: { Currency: 'EUR' } };
    const asked = await call('administrator', 'POST', '/api/Accounting/SalesJournal/Export', request);
    expect(asked.statusCode, asked.body).toBe(202);
    // Accounting reads the journals but has no task list to collect a file from (spec §6 TASKS).
    expect(
      (await call('accounting', 'POST', '/api/Accounting/SalesJournal/Export', request)).statusCode,
    ).toBe(403);
    const { file } = await taskFile(server, 'administrator', asked.json().requestId);
    const records = parse(file.toString('utf8'), { bom: true, columns: true }) as Record<string, string>[];
    expect(new Set(records.map((record) => record.entry)).size).toBe(sales.totalCount);
    expect(records.length).toBe(sales.entries.reduce((sum, entry) => sum + entry.lines.length, 0));
    const debits = records.reduce((sum, record) => sum + Math.round(Number(record.debit) * 100), 0);
    expect(debits).toBe(sales.entries.reduce((sum, entry) => sum + entry.amountMinor * 2, 0) / 2);

    const unknown = await call('administrator', 'POST', '/api/Accounting/PaymentsJournal/Export', {
      ExportDescription: 'x',
      ExportType: 'CSV',
      Filters: { Status: 'paid' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Status');
  });
});
