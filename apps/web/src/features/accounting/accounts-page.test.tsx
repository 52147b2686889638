import type { Account } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { AccountsPage } from './accounts-page';

const RECEIVABLES: Account = {
  code: '411',
  name: 'Customer receivables',
  type: 'asset',
  hasEntries: true,
  posted: true,
};
const SERVICES: Account = { code: '706', name: 'Services', type: 'revenue', hasEntries: true, posted: false };
const TRAINING: Account = {
  code: '4400',
  name: 'Training',
  type: 'expense',
  hasEntries: false,
  posted: false,
};

function open() {
  renderRoute([{ path: '/accounts', element: <AccountsPage /> }], '/accounts', 'accounting');
}

const rowOf = async (code: string) =>
  within(await screen.findByRole('table', { name: 'Chart of accounts' }))
    .getAllByRole('row')
    .slice(1)
    .find((row) => within(row).queryByRole('cell', { name: code }) !== null)!;

describe('the chart of accounts', () => {
  it('shows each account with its use, and offers removal only of one nothing names', async () => {
    stubFetch({ 'GET /api/Accounting/Accounts': { body: { accounts: [RECEIVABLES, SERVICES, TRAINING] } } });
    open();
    const receivables = await rowOf('411');
    expect(within(receivables).getByText('Customer receivables')).toBeVisible();
    expect(within(receivables).getByText('Asset')).toBeVisible();
    expect(within(receivables).getByText('Posted by the console')).toBeVisible();
    expect(within(receivables).getByRole('button', { name: 'Edit account 411' })).toBeVisible();
    expect(within(receivables).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(await rowOf('706')).getByText('Has entries')).toBeVisible();
    expect(within(await rowOf('706')).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(within(await rowOf('4400')).getByRole('button', { name: 'Remove account 4400' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add an account' })).toBeVisible();
  });

  it('adds an account with its code, name and type, and lists it', async () => {
    const user = userEvent.setup();
    let created = false;
    const fetchSpy = stubFetch({
      'GET /api/Accounting/Accounts': () => ({
        body: { accounts: created ? [RECEIVABLES, TRAINING] : [RECEIVABLES] },
      }),
      'POST /api/Accounting/Accounts': () => {
        created = true;
        return { status: 201, body: TRAINING };
      },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Add an account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New account' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), '4400');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Training');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Expense' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add an account' }));
    expect(await screen.findByRole('cell', { name: '4400' })).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Accounting/Accounts');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ code: '4400', name: 'Training', type: 'expense' });
  });

  it('refuses a code the contract refuses under its field, before anything is sent', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch({
      'GET /api/Accounting/Accounts': { body: { accounts: [] } },
      'POST /api/Accounting/Accounts': { status: 201, body: TRAINING },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Add an account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New account' });
    const code = within(dialog).getByRole('textbox', { name: /^Code/ });
    await user.type(code, '44');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Training');
    await user.click(within(dialog).getByRole('button', { name: 'Add an account' }));
    // The field's error, besides its hint (which says the same rule at more length).
    expect(within(dialog).getByText('3 to 10 digits')).toBeVisible();
    expect(code).toHaveAccessibleDescription(/^3 to 10 digits 3 to 10 digits, as in your chart/);
    expect(requestsTo(fetchSpy, 'POST', '/api/Accounting/Accounts')).toHaveLength(0);
  });

  it("shows the server's refusal under the field it names, never its field path", async () => {
    const user = userEvent.setup();
    stubFetch({
      'GET /api/Accounting/Accounts': { body: { accounts: [TRAINING] } },
      'PUT /api/Accounting/Accounts/4400': {
        status: 400,
        body: {
          status: 400,
          message: 'Invalid body.name: must be at most 120 characters',
          details: [
            {
              field: 'body.name',
              message: 'must be at most 120 characters',
              rule: { kind: 'too_long', limit: 120 },
            },
          ],
        },
      },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit account 4400' }));
    const dialog = await screen.findByRole('dialog', { name: 'Account 4400' });
    expect(within(dialog).getByRole('textbox', { name: /^Code/ })).toBeDisabled();
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Training courses');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('At most 120 characters'));
    expect(within(dialog).getByText('Not saved: check the fields marked.')).toBeVisible();
    expect(within(dialog).queryByText(/body\.|Invalid/)).toBeNull();
  });

  it('removes an account only once the user confirms', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch({
      'GET /api/Accounting/Accounts': { body: { accounts: [TRAINING] } },
      'DELETE /api/Accounting/Accounts/4400': { status: 204 },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Remove account 4400' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove account 4400 Training?' });
    expect(requestsTo(fetchSpy, 'DELETE', '/api/Accounting/Accounts/4400')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(requestsTo(fetchSpy, 'DELETE', '/api/Accounting/Accounts/4400')).toHaveLength(1),
    );
  });
});
