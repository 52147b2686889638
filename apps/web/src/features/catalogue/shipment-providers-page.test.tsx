import type { RoleCode } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { ShipmentProvidersPage } from './shipment-providers-page';

const GLOBAL = {
  id: 1,
  serviceCenter: null,
  name: 'Sandbox global',
  kind: 'sandbox',
  accountNumber: 'GLB-1',
  rates: [{ currency: 'EUR', perPackageMinor: 1800, perKgMinor: 250 }],
  active: true,
  packageCount: 12,
};
const NANTES = {
  id: 2,
  serviceCenter: { id: 3, name: 'Nantes service center' },
  name: 'Nantes carrier',
  kind: 'sandbox',
  accountNumber: 'FSC-1',
  rates: [],
  active: true,
  packageCount: 0,
};

function stubCarriers(saved: { status: number; body: unknown } = { status: 201, body: { id: 9 } }) {
  return stubFetch({
    'GET /api/Shop/ShipmentProviders': { body: { shipmentProviders: [GLOBAL, NANTES] } },
    'GET /api/Shop/ServiceCenters': {
      body: { serviceCenters: [{ id: 3, code: 'NANTES', name: 'Nantes service center' }] },
    },
    'GET /api/Shop/Currencies': {
      body: { currencies: [{ code: 'EUR', name: 'Euro', minorUnits: 2, active: true, inUse: true }] },
    },
    'POST /api/Shop/ShipmentProviders': saved,
    'PUT /api/Shop/ShipmentProviders/1': saved,
  });
}

function open(role: RoleCode) {
  renderRoute([{ path: '/carriers', element: <ShipmentProvidersPage /> }], '/carriers', role);
}

async function rowOf(name: string) {
  const table = await screen.findByRole('table', { name: 'Shipment providers' });
  return within(table).getByRole('row', { name: new RegExp(name) });
}

describe('the carrier accounts', { timeout: 30_000 }, () => {
  it('are listed with their rates; an administrator changes the global ones too', async () => {
    stubCarriers();
    open('administrator');
    const global = await rowOf('Sandbox global');
    expect(within(global).getByRole('cell', { name: 'Every center without its own' })).toBeVisible();
    expect(within(global).getByRole('cell', { name: '€18.00 + €2.50/kg' })).toBeVisible();
    expect(within(global).getByRole('button', { name: 'Edit Sandbox global' })).toBeVisible();
    const nantes = await rowOf('Nantes carrier');
    expect(within(nantes).getByRole('cell', { name: 'Nantes service center' })).toBeVisible();
    expect(within(nantes).getByRole('button', { name: 'Edit Nantes carrier' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add a carrier account' })).toBeVisible();
  });

  it("are a center's own to a partner, who cannot change the global ones", async () => {
    stubCarriers();
    open('external-service-center-manager');
    const global = await rowOf('Sandbox global');
    expect(within(global).queryByRole('button', { name: /Edit/ })).toBeNull();
    const nantes = await rowOf('Nantes carrier');
    expect(within(nantes).getByRole('button', { name: 'Edit Nantes carrier' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add a carrier account' })).toBeVisible();
  });

  it("adds a center's account with a rate typed as money, sent in minor units", async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubCarriers();
    open('support-manager');
    await user.click(await screen.findByRole('button', { name: 'Add a carrier account' }));
    const dialog = await screen.findByRole('dialog', { name: 'New carrier account' });
    await user.click(within(dialog).getByRole('combobox', { name: /^Service center/ }));
    // Only administrators offer an account to every center.
    expect(screen.queryByRole('option', { name: 'Every center without its own' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Nantes service center' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Nantes express');
    await user.type(within(dialog).getByRole('textbox', { name: /^Account number/ }), 'FSC-2');
    await user.click(within(dialog).getByRole('combobox', { name: 'Add a currency' }));
    await user.click(await screen.findByRole('option', { name: 'EUR' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Per package' }), '18,00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Per kg' }), '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New carrier account' })).toBeNull());
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Shop/ShipmentProviders');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      serviceCenterId: 3,
      name: 'Nantes express',
      kind: 'sandbox',
      accountNumber: 'FSC-2',
      rates: [{ currency: 'EUR', perPackageMinor: 1800, perKgMinor: 250 }],
      active: true,
    });
  });

  it('never saves a rate that does not read with the former amount in its place', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubCarriers();
    open('administrator');
    await user.click(await screen.findByRole('button', { name: 'Edit Sandbox global' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox global' });
    const perPackage = within(dialog).getByRole('textbox', { name: 'Per package' });
    expect(perPackage).toHaveValue('18.00');
    await user.clear(perPackage);
    await user.type(perPackage, '19 euros');
    expect(perPackage).toHaveAccessibleDescription('An amount such as 18.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('dialog', { name: 'Sandbox global' })).toBeVisible();
    expect(requestsTo(fetchSpy, 'PUT', '/api/Shop/ShipmentProviders/1')).toHaveLength(0);
  });

  it("puts the server's refusal under the account number, in the user's words", async () => {
    const user = userEvent.setup({ delay: null });
    stubCarriers({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.accountNumber: must be at most 64 characters',
        details: [
          {
            field: 'body.accountNumber',
            message: 'must be at most 64 characters',
            rule: { kind: 'too_long', limit: 64 },
          },
        ],
      },
    });
    open('administrator');
    await user.click(await screen.findByRole('button', { name: 'Edit Sandbox global' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sandbox global' });
    // Save waits for a change: the user changes the field the server then refuses.
    await user.type(within(dialog).getByRole('textbox', { name: /^Account number/ }), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Not saved: check the fields marked.')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /^Account number/ })).toHaveAccessibleDescription(
      'Required, at most 64 characters',
    );
    expect(within(dialog).queryByText(/body\.|Invalid|must be/)).toBeNull();
  });
});
