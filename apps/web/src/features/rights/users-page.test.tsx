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

function open() {
  let saved = CLAIRE;
  const fetchSpy = stubFetch({
    'GET /api/Rights/Users': () => ({ body: { users: [saved], totalCount: 1 } }),
    'GET /api/Companies': { body: { companies: [GARAGE] } },
    'GET /api/DeviceGroups': {
      body: {
        groups: [
          { id: 3, name: 'Lyon workshops' },
          { id: 4, name: 'Spare tools' },
        ],
      },
    },
    [`PUT /api/Rights/Users/${CLAIRE.id}`]: () => {
      saved = { ...CLAIRE, groupIds: [3, 4] };
      return { body: saved };
    },
  });
  renderRoute([{ path: '/users', element: <UsersPage /> }], '/users', 'support-manager');
  return fetchSpy;
}

describe('the users of rights management', () => {
  it("shows each user's company, roles and groups, with their rights to edit", async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Users' });
    const row = within(table).getByRole('row', { name: /Claire Martin/ });
    expect(within(row).getByText('Claire Martin')).toBeVisible();
    expect(await within(row).findByText('Garage Dupont')).toBeVisible();
    expect(within(row).getByText('Customer engineering user')).toBeVisible();
    expect(await within(row).findByText('Lyon workshops')).toBeVisible();
    expect(within(row).getByText('Never')).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Edit rights of Claire Martin' })).toBeVisible();
  });

  it('opens a user’s rights from anywhere on their row', async () => {
    const user = userEvent.setup();
    open();
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(within(table).getByRole('cell', { name: 'cmartin' }));
    expect(await screen.findByRole('dialog', { name: 'Rights of Claire Martin' })).toBeVisible();
  });

  it('sorts by the headers that the sort used to offer', async () => {
    const user = userEvent.setup();
    const fetchSpy = open();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByRole('columnheader', { name: 'Company' })).not.toHaveAttribute('aria-sort');
    await user.click(within(table).getByRole('button', { name: 'Last sign-in' }));
    // The list asks again, sorted: the table is drawn anew from the answer.
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Last sign-in' })).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    );
    const last = requestsTo(fetchSpy, 'GET', '/api/Rights/Users').at(-1);
    expect(last?.url.searchParams.get('SortColumnName')).toBe('LastSeen');
  });

  it("saves a user's groups with their roles and company as they were", async () => {
    const user = userEvent.setup();
    const fetchSpy = open();
    await user.click(await screen.findByRole('button', { name: 'Edit rights of Claire Martin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rights of Claire Martin' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Groups' }));
    await user.click(await screen.findByRole('option', { name: 'Spare tools' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Rights of Claire Martin saved')).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'PUT', `/api/Rights/Users/${CLAIRE.id}`);
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      roles: ['customer-engineering-user'],
      companyId: GARAGE.id,
      groupIds: [3, 4],
    });
    const row = within(screen.getByRole('table', { name: 'Users' })).getByRole('row', {
      name: /Claire Martin/,
    });
    await waitFor(() => expect(within(row).getByText('Lyon workshops, Spare tools')).toBeVisible());
  });
});
