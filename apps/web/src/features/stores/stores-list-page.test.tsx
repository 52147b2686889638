import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { StoresListPage } from './stores-list-page';

function stubStores(created: { status: number; body: unknown }) {
  return stubFetch({
    'GET /api/Store': { body: { stores: [], totalCount: 0 } },
    'GET /api/Companies': { body: { companies: [] } },
    'GET /api/DeviceGroups': { body: { groups: [] } },
    'POST /api/Store': created,
  });
}

async function openNewStore(user: ReturnType<typeof userEvent.setup>) {
  renderRoute([{ path: '/stores/list', element: <StoresListPage /> }], '/stores/list', 'administrator');
  await user.click(await screen.findByRole('button', { name: 'New store' }));
  const dialog = await screen.findByRole('dialog', { name: 'New store' });
  await user.type(within(dialog).getByRole('textbox', { name: /^Store code/ }), 'LYON-01');
  await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Lyon Part-Dieu');
  return dialog;
}

describe('a new store', () => {
  it('is refused under each field the contract refuses, in the user’s words, before anything is sent', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubStores({ status: 201, body: {} });
    const dialog = await openNewStore(user);
    const city = within(dialog).getByRole('textbox', { name: /^City/ });
    await user.click(city);
    await user.paste('L'.repeat(101));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(city).toHaveAccessibleDescription(/At most 100 characters/);
    expect(within(dialog).queryByText('Required')).toBeNull();
    expect(requestsTo(fetchSpy, 'POST', '/api/Store')).toHaveLength(0);
  });

  it("shows the server's refusal under the address field it names, never its field path", async () => {
    const user = userEvent.setup();
    stubStores({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.storeAddress.postalCode: must be at most 20 characters',
        details: [
          {
            field: 'body.storeAddress.postalCode',
            message: 'must be at most 20 characters',
            rule: { kind: 'too_long', limit: 20 },
          },
        ],
      },
    });
    const dialog = await openNewStore(user);
    await user.type(within(dialog).getByRole('textbox', { name: /^Postal code/ }), '69003');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const postalCode = within(dialog).getByRole('textbox', { name: /^Postal code/ });
    expect(await within(dialog).findByText('At most 20 characters')).toBeVisible();
    expect(postalCode).toHaveAccessibleDescription(/At most 20 characters/);
    expect(within(dialog).queryByText(/body\.|Invalid/)).toBeNull();
  });
});
