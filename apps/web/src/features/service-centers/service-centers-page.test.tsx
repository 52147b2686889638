import type { RoleCode } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { ServiceCentersPage } from './service-centers-page';

const NANTES = {
  id: 3,
  code: 'NANTES',
  name: 'Nantes service center',
  address: {
    organization: 'Fleet Instruments',
    addressLines: ['1 Quai de la Fosse'],
    postalCode: '44000',
    locality: 'Nantes',
    regionCode: 'FR',
  },
  email: 'lab@example.com',
  deviceTypes: ['TPMS-TOOL'],
  active: true,
  staff: [{ id: 'user-7', username: 'sam.partner', name: 'Sam Partner' }],
  stepCount: 3,
  openOrderCount: 2,
};

function stubCenters(saved: { status: number; body: unknown } = { status: 201, body: { id: 4 } }) {
  return stubFetch({
    'GET /api/ServiceCenters': { body: { serviceCenters: [NANTES] } },
    'POST /api/ServiceCenters': saved,
    'PUT /api/ServiceCenters/3': saved,
  });
}

function open(role: RoleCode) {
  renderRoute([{ path: '/centers', element: <ServiceCentersPage /> }], '/centers', role);
}

async function openNewCenter(user: ReturnType<typeof userEvent.setup>) {
  open('support-manager');
  await user.click(await screen.findByRole('button', { name: 'Open a service center' }));
  const dialog = await screen.findByRole('dialog', { name: 'New service center' });
  await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'LYON');
  await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Lyon lab');
  return dialog;
}

describe('the service centers', { timeout: 30_000 }, () => {
  it('are listed with their place, device types, staff and orders; the maker opens new ones', async () => {
    stubCenters();
    open('administrator');
    const table = await screen.findByRole('table', { name: 'Service centers' });
    const row = within(table).getByRole('row', { name: /Nantes service center/ });
    expect(within(row).getByText('Nantes, France')).toBeVisible();
    expect(within(row).getByText('TPMS-TOOL')).toBeVisible();
    expect(within(row).getByRole('cell', { name: 'Sam Partner' })).toBeVisible();
    expect(within(row).getByText('2 open orders')).toBeVisible();
    expect(within(row).getByText('3 internal steps')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Edit Nantes service center' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Open a service center' })).toBeVisible();
  });

  it('are changed but never opened by a partner who runs one', async () => {
    stubCenters();
    open('external-service-center-manager');
    const table = await screen.findByRole('table', { name: 'Service centers' });
    expect(within(table).getByRole('button', { name: 'Edit Nantes service center' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open a service center' })).toBeNull();
  });

  it('refuse a new center without its address, under each field left empty, and send nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubCenters();
    const dialog = await openNewCenter(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    for (const field of [/^Organization/, /^Address line 1/, /^City/]) {
      expect(within(dialog).getByRole('textbox', { name: field })).toHaveAccessibleDescription('Required');
    }
    expect(within(dialog).getByRole('combobox', { name: /^Country/ })).toHaveAccessibleDescription(
      'Required',
    );
    expect(within(dialog).getByRole('textbox', { name: /^Postal code/ })).not.toHaveAccessibleDescription();
    expect(requestsTo(fetchSpy, 'POST', '/api/ServiceCenters')).toHaveLength(0);
  });

  it('open a new center with its address and the device types it calibrates', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubCenters();
    const dialog = await openNewCenter(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Organization/ }), 'Fleet Instruments');
    await user.type(
      within(dialog).getByRole('textbox', { name: /^Address line 1/ }),
      '3 Rue de la République',
    );
    await user.type(within(dialog).getByRole('textbox', { name: /^City/ }), 'Lyon');
    await user.click(within(dialog).getByRole('combobox', { name: /^Country/ }));
    await user.click(await screen.findByRole('option', { name: 'France' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Postal code/ }), '69002');
    await user.type(
      within(dialog).getByRole('combobox', { name: /^Device types calibrated/ }),
      'tpms-tool{Enter}',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New service center' })).toBeNull());
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/ServiceCenters');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      code: 'LYON',
      name: 'Lyon lab',
      address: {
        organization: 'Fleet Instruments',
        addressLines: ['3 Rue de la République'],
        postalCode: '69002',
        locality: 'Lyon',
        regionCode: 'FR',
      },
      email: null,
      deviceTypes: ['TPMS-TOOL'],
      active: true,
      staff: [],
    });
  });

  it("say the server's refusal of an unknown staff member under the staff field, in the user's words", async () => {
    const user = userEvent.setup({ delay: null });
    stubCenters({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.staff.1: is no user',
        details: [{ field: 'body.staff.1', message: 'is no user', rule: { kind: 'unknown' } }],
      },
    });
    open('administrator');
    await user.click(await screen.findByRole('button', { name: 'Edit Nantes service center' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nantes service center' });
    await user.type(within(dialog).getByRole('combobox', { name: /^Staff/ }), 'ghost{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Not saved: check the fields marked.')).toBeVisible();
    expect(within(dialog).getByRole('combobox', { name: /^Staff/ })).toHaveAccessibleDescription(
      /Not found: choose an existing one/,
    );
    expect(within(dialog).queryByText(/body\.|Invalid|is no user/)).toBeNull();
  });

  it("say the server's refusal of an address field under that field, not under another", async () => {
    const user = userEvent.setup({ delay: null });
    stubCenters({
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
    open('administrator');
    await user.click(await screen.findByRole('button', { name: 'Edit Nantes service center' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nantes service center' });
    // Save waits for a change: the user changes the field the server then refuses.
    await user.type(within(dialog).getByRole('textbox', { name: /^Postal code/ }), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('At most 20 characters')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /^Postal code/ })).toHaveAccessibleDescription(
      'At most 20 characters',
    );
    expect(within(dialog).getByRole('textbox', { name: /^City/ })).not.toHaveAccessibleDescription();
  });
});
