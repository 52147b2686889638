import type { RightsUser } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { UsersPage } from './users-page';

const GARAGE = {
  id: '0b6f3a52-5d1c-4a7e-9f00-3c1d2e4f5a61',
  code: 'GDUP',
  name: 'Garage Dupont',
  country: 'FR',
  kind: 'customer' as const,
};
const CLAIRE: RightsUser = {
  id: '7d3c6d1e-1111-4a8e-9a51-0a0a0a0a0a01',
  username: 'cmartin',
  name: 'Claire Martin',
  email: 'claire@garage-dupont.fr',
  companyId: GARAGE.id,
  roles: ['customer-engineering-user'],
  groupIds: [3],
  lastSeenAt: null,
  demo: false,
};
const PUT = `PUT /api/Configuration/Users/${CLAIRE.id}`;

function open(moved: { status?: number; body: unknown }) {
  let saved = CLAIRE;
  const fetchSpy = stubFetch({
    'GET /api/Configuration/Users': () => ({ body: { users: [saved], totalCount: 1 } }),
    'GET /api/Companies': { body: { companies: [GARAGE] } },
    'GET /api/DeviceGroups': {
      body: {
        groups: [
          { id: 3, name: 'Lyon workshops' },
          { id: 4, name: 'Spare tools' },
        ],
      },
    },
    [PUT]: () => {
      if (!moved.status) saved = moved.body as RightsUser;
      return moved;
    },
  });
  renderRoute([{ path: '/users', element: <UsersPage /> }], '/users', 'support-config');
  return fetchSpy;
}

async function moveToSpareTools(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Move Claire Martin' }));
  const dialog = await screen.findByRole('dialog', { name: 'Move Claire Martin' });
  // Nothing changed yet: nothing to move.
  expect(within(dialog).getByRole('button', { name: 'Move' })).toBeDisabled();
  await user.click(within(dialog).getByRole('combobox', { name: 'Groups' }));
  await user.click(await screen.findByRole('option', { name: 'Spare tools' }));
  await user.click(within(dialog).getByRole('button', { name: 'Move' }));
  return dialog;
}

describe('the users of the configuration', () => {
  it('move a user to other groups, their company kept, and the list shows them there', async () => {
    const user = userEvent.setup();
    const fetchSpy = open({ body: { ...CLAIRE, groupIds: [3, 4] } });
    await moveToSpareTools(user);
    expect(await screen.findByText('Claire Martin moved')).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'PUT', `/api/Configuration/Users/${CLAIRE.id}`);
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ companyId: GARAGE.id, groupIds: [3, 4] });
    const row = within(screen.getByRole('table', { name: 'Users' })).getByRole('row', {
      name: /Claire Martin/,
    });
    await waitFor(() => expect(within(row).getByText('Lyon workshops, Spare tools')).toBeVisible());
  });

  it("say the server's refusal of the groups under them, in the user's words", async () => {
    const user = userEvent.setup();
    open({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.groupIds: must name at most 1 groups',
        details: [
          {
            field: 'body.groupIds',
            message: 'must name at most 1 groups',
            rule: { kind: 'too_many', limit: 1 },
          },
        ],
      },
    });
    const dialog = await moveToSpareTools(user);
    expect(await within(dialog).findByText('Not saved: check the fields marked.')).toBeVisible();
    expect(within(dialog).getByText('At most 1 items')).toBeVisible();
    expect(within(dialog).queryByText(/body\.|Invalid|must name/)).toBeNull();
  });
});
