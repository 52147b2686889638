import type { GroupSummary, RightsUser } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { GroupsPage } from './groups-page';

const LYON: GroupSummary = { id: 3, name: 'Lyon workshops', deviceCount: 12, storeCount: 2, userCount: 1 };
const SPARE: GroupSummary = { id: 4, name: 'Spare tools', deviceCount: 0, storeCount: 0, userCount: 0 };

const person = (id: string, name: string, username: string, groupIds: number[]): RightsUser => ({
  id,
  username,
  name,
  email: `${username}@example.com`,
  companyId: null,
  roles: ['support-user'],
  groupIds,
  lastSeenAt: null,
  demo: false,
});
const CLAIRE = person('7d3c6d1e-1111-4a8e-9a51-0a0a0a0a0a01', 'Claire Martin', 'cmartin', [3]);
const HUGO = person('7d3c6d1e-2222-4a8e-9a51-0a0a0a0a0a02', 'Hugo Bernard', 'hbernard', []);

function open(answers: Parameters<typeof stubFetch>[0] = {}) {
  const fetchSpy = stubFetch({
    'GET /api/Rights/Groups': { body: { groups: [LYON, SPARE] } },
    ...answers,
  });
  renderRoute([{ path: '/groups', element: <GroupsPage /> }], '/groups', 'support-manager');
  return fetchSpy;
}

const rowOf = async (name: string) =>
  within(await screen.findByRole('table', { name: 'Device groups' })).getByRole('row', {
    name: new RegExp(name),
  });

describe('device groups', () => {
  it('lists each group with what belongs to it, deletable only when nothing does', async () => {
    open();
    const lyon = await rowOf('Lyon workshops');
    expect(within(lyon).getByRole('link', { name: '12' })).toHaveAttribute('href', '/series/devices?Group=3');
    expect(within(lyon).getByRole('button', { name: 'Members of Lyon workshops' })).toBeVisible();
    expect(within(lyon).getByRole('button', { name: 'Rename Lyon workshops' })).toBeVisible();
    expect(within(lyon).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(
      within(await rowOf('Spare tools')).getByRole('button', { name: 'Delete Spare tools' }),
    ).toBeVisible();
  });

  it('creates a group with the name typed, trimmed', async () => {
    const user = userEvent.setup();
    const fetchSpy = open({
      'POST /api/Rights/Groups': {
        status: 201,
        body: { id: 5, name: 'Bordeaux', deviceCount: 0, storeCount: 0, userCount: 0 },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New device group' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), '  Bordeaux ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Group Bordeaux created')).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Rights/Groups');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ name: 'Bordeaux' });
  });

  it('refuses a name too long under its field, before anything is sent', async () => {
    const user = userEvent.setup();
    const fetchSpy = open();
    await user.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New device group' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.click(name);
    await user.paste('G'.repeat(101));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('At most 100 characters');
    expect(requestsTo(fetchSpy, 'POST', '/api/Rights/Groups')).toHaveLength(0);
  });

  it("shows the server's refusal of a new name under the field, in the user's words", async () => {
    const user = userEvent.setup();
    open({
      'PUT /api/Rights/Groups/3': {
        status: 400,
        body: {
          status: 400,
          message: 'Invalid body.name: is the name of another group',
          details: [{ field: 'body.name', message: 'is the name of another group', rule: { kind: 'taken' } }],
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Rename Lyon workshops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename Lyon workshops' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Lyon workshops');
    await user.clear(name);
    await user.type(name, 'Spare tools');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Already in use'));
    expect(within(dialog).getByText('Not saved: check the fields marked.')).toBeVisible();
    expect(within(dialog).queryByText(/body\.|Invalid|another group/)).toBeNull();
  });

  it('deletes an empty group once the user confirms', async () => {
    const user = userEvent.setup();
    const fetchSpy = open({ 'DELETE /api/Rights/Groups/4': { status: 204 } });
    await user.click(await screen.findByRole('button', { name: 'Delete Spare tools' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this group?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Group Spare tools deleted')).toBeVisible();
    expect(requestsTo(fetchSpy, 'DELETE', '/api/Rights/Groups/4')).toHaveLength(1);
  });
});

describe("a group's members", () => {
  function openMembers(answers: Parameters<typeof stubFetch>[0] = {}) {
    let members = [CLAIRE];
    const fetchSpy = open({
      'GET /api/Rights/Users': (request) => {
        const query = new URL(request.url).searchParams;
        const users = query.get('Group') ? members : [CLAIRE, HUGO];
        return { body: { users, totalCount: users.length } };
      },
      [`PUT /api/Rights/Groups/3/Users/${HUGO.id}`]: () => {
        members = [CLAIRE, HUGO];
        return { status: 204 };
      },
      [`DELETE /api/Rights/Groups/3/Users/${CLAIRE.id}`]: () => {
        members = [];
        return { status: 204 };
      },
      ...answers,
    });
    return fetchSpy;
  }

  it('adds a user found by name, and takes one out', async () => {
    const user = userEvent.setup();
    const fetchSpy = openMembers();
    await user.click(await screen.findByRole('button', { name: 'Members of Lyon workshops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Members of Lyon workshops' });
    const members = await within(dialog).findByRole('table', { name: 'Members of Lyon workshops' });
    expect(within(members).getByText('Claire Martin')).toBeVisible();

    await user.click(within(dialog).getByRole('combobox', { name: 'Add a user' }));
    // A member already is not offered again.
    expect(await screen.findByRole('option', { name: 'Hugo Bernard (hbernard)' })).toBeVisible();
    expect(screen.queryByRole('option', { name: /Claire Martin/ })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Hugo Bernard (hbernard)' }));
    expect(await within(members).findByText('Hugo Bernard')).toBeVisible();
    expect(requestsTo(fetchSpy, 'PUT', `/api/Rights/Groups/3/Users/${HUGO.id}`)).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Take out Claire Martin' }));
    await waitFor(() => expect(within(dialog).queryByText('Claire Martin')).toBeNull());
    expect(requestsTo(fetchSpy, 'DELETE', `/api/Rights/Groups/3/Users/${CLAIRE.id}`)).toHaveLength(1);
  });

  it('says why a member cannot be taken out, and keeps them', async () => {
    const user = userEvent.setup();
    openMembers({
      [`DELETE /api/Rights/Groups/3/Users/${CLAIRE.id}`]: {
        status: 403,
        body: { status: 403, message: 'Only an administrator changes the rights of an administrator' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Members of Lyon workshops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Members of Lyon workshops' });
    await user.click(await within(dialog).findByRole('button', { name: 'Take out Claire Martin' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only an administrator changes the rights of an administrator',
    );
    expect(within(dialog).getByText('Claire Martin')).toBeVisible();
  });
});
