import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../../testing/render-route';
import { AddressBookPage } from './address-book-page';

const WORKSHOP = {
  id: 7,
  label: 'Workshop',
  address: {
    organization: 'Analytical Engines',
    addressLines: ['12 Rue des Forges'],
    postalCode: '69007',
    locality: 'Lyon',
    regionCode: 'FR',
  },
  defaultPickup: true,
  defaultBilling: false,
  updatedAt: '2026-11-20T09:00:00.000Z',
};
const SAVED = { ...WORKSHOP, id: 8, label: 'Head office', defaultPickup: false };

function stubBook(saved: { status: number; body: unknown } = { status: 201, body: SAVED }) {
  return stubFetch({
    'GET /api/Addresses': { body: { addresses: [WORKSHOP] } },
    'POST /api/Addresses': saved,
    'PUT /api/Addresses/7': saved,
    'DELETE /api/Addresses/7': { status: 204 },
  });
}

function open() {
  renderRoute([{ path: '/book', element: <AddressBookPage /> }], '/book', 'customer-engineering-user');
}

async function openNewAddress(user: ReturnType<typeof userEvent.setup>) {
  open();
  await user.click(await screen.findByRole('button', { name: 'Add an address' }));
  return screen.findByRole('dialog', { name: 'New address' });
}

describe("the company's address book", { timeout: 30_000 }, () => {
  it('shows each address with what it is the default for, to edit or delete', async () => {
    stubBook();
    open();
    const card = await screen.findByRole('region', { name: 'Workshop' });
    expect(within(card).getByText('Pick-up')).toBeVisible();
    expect(within(card).queryByText('Billing')).toBeNull();
    expect(within(card).getByText(/12 Rue des Forges/)).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Edit Workshop' })).toBeVisible();
    expect(within(card).getByRole('button', { name: 'Delete Workshop' })).toBeVisible();
  });

  it('refuses a new address without what a pick-up needs, under each field, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubBook();
    const dialog = await openNewAddress(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add an address' }));
    for (const field of [/^Name/, /^Organization/, /^Address line 1/, /^City/]) {
      expect(within(dialog).getByRole('textbox', { name: field })).toHaveAccessibleDescription(/Required/);
    }
    expect(within(dialog).getByRole('combobox', { name: /^Country/ })).toHaveAccessibleDescription(
      /Required/,
    );
    expect(within(dialog).getByRole('textbox', { name: /^Postal code/ })).not.toHaveAccessibleDescription();
    expect(requestsTo(fetchSpy, 'POST', '/api/Addresses')).toHaveLength(0);
  });

  it('asks an address in its country’s order, for what its carriers need', async () => {
    const user = userEvent.setup({ delay: null });
    stubBook();
    const dialog = await openNewAddress(user);
    const field = (name: RegExp) => within(dialog).getByRole('textbox', { name });
    const choose = async (country: string) => {
      await user.click(within(dialog).getByRole('combobox', { name: /^Country/ }));
      await user.click(await screen.findByRole('option', { name: country }));
    };
    const before = (first: RegExp, second: RegExp) =>
      !!(field(first).compareDocumentPosition(field(second)) & Node.DOCUMENT_POSITION_FOLLOWING);
    await choose('Japan');
    expect(before(/^Postal code/, /^State, province or region/)).toBe(true);
    expect(before(/^State, province or region/, /^Address line 1/)).toBe(true);
    await choose('France');
    expect(before(/^Address line 1/, /^Postal code/)).toBe(true);
    expect(within(dialog).queryByRole('textbox', { name: /^State, province or region/ })).toBeNull();
    await choose('Brazil');
    await user.click(within(dialog).getByRole('button', { name: 'Add an address' }));
    expect(field(/^State, province or region/)).toHaveAccessibleDescription('Required');
    expect(field(/^Postal code/)).toHaveAccessibleDescription('Required');
    expect(before(/^City/, /^State, province or region/)).toBe(true);
  });

  it('adds an address and says so', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubBook();
    const dialog = await openNewAddress(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Head office');
    await user.type(within(dialog).getByRole('textbox', { name: /^Organization/ }), 'Analytical Engines');
    await user.type(within(dialog).getByRole('textbox', { name: /^Address line 1/ }), '1 Place Bellecour');
    await user.type(within(dialog).getByRole('textbox', { name: /^City/ }), 'Lyon');
    await user.click(within(dialog).getByRole('combobox', { name: /^Country/ }));
    await user.click(await screen.findByRole('option', { name: 'France' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add an address' }));
    expect(within(dialog).getByRole('textbox', { name: /^Postal code/ })).toHaveAccessibleDescription(
      'Required',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^Postal code/ }), '69002');
    await user.click(within(dialog).getByRole('switch', { name: 'Default billing address' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add an address' }));
    expect(await screen.findByText('Address Head office added')).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Addresses');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      label: 'Head office',
      address: {
        organization: 'Analytical Engines',
        addressLines: ['1 Place Bellecour'],
        postalCode: '69002',
        locality: 'Lyon',
        regionCode: 'FR',
      },
      defaultPickup: false,
      defaultBilling: true,
    });
  });

  it("puts the server's refusal under the address field it names, in the user's words", async () => {
    const user = userEvent.setup({ delay: null });
    stubBook({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.address.postalCode: must be at most 20 characters',
        details: [
          {
            field: 'body.address.postalCode',
            message: 'must be at most 20 characters',
            rule: { kind: 'too_long', limit: 20 },
          },
        ],
      },
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Edit Workshop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit address' });
    // Save waits for a change: the user changes the field the server then refuses.
    await user.type(within(dialog).getByRole('textbox', { name: /^Postal code/ }), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Not saved: check the fields marked.')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /^Postal code/ })).toHaveAccessibleDescription(
      'At most 20 characters',
    );
    expect(within(dialog).queryByText(/body\.|Invalid|must be/)).toBeNull();
  });

  it('deletes an address once confirmed', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubBook();
    open();
    await user.click(await screen.findByRole('button', { name: 'Delete Workshop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Workshop?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Address Workshop deleted')).toBeVisible();
    await waitFor(() => expect(requestsTo(fetchSpy, 'DELETE', '/api/Addresses/7')).toHaveLength(1));
  });
});
