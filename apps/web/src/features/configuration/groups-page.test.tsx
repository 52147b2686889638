import { groupConfigurationListSchema } from '@fleet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { GroupsPage } from './groups-page';

const GROUPS = groupConfigurationListSchema.parse({
  groups: [
    {
      id: 4,
      name: 'Lyon workshop',
      deviceCount: 12,
      storeCount: 2,
      configuredDeviceCount: 1,
      desired: {
        content: { units: 'metric', pressure: { unit: 'bar' } },
        setAt: '2026-11-20T09:00:00.000Z',
        setBy: 'Support manager',
      },
    },
    { id: 5, name: 'Madrid fleet', deviceCount: 3, storeCount: 0, configuredDeviceCount: 0, desired: null },
  ],
});

function stubGroups(answers: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({ 'GET /api/Configuration/Groups': { body: GROUPS }, ...answers });
}

function open() {
  renderRoute([{ path: '/groups', element: <GroupsPage /> }], '/groups', 'support-config');
}

async function editMadrid(user: ReturnType<typeof userEvent.setup>, json: string) {
  open();
  await user.click(await screen.findByRole('button', { name: 'Edit settings of Madrid fleet' }));
  const dialog = await screen.findByRole('dialog', { name: 'Settings of the group Madrid fleet' });
  const text = within(dialog).getByRole('textbox', { name: 'Settings of the group (JSON)' });
  await user.clear(text);
  await user.click(text);
  await user.paste(json);
  return { dialog, text };
}

describe('the groups of the configuration', () => {
  it('lists each group with its devices, its stores and its settings, which lead to the lists', async () => {
    stubGroups();
    open();
    const table = await screen.findByRole('table', { name: 'Device groups' });
    const lyon = within(table).getByRole('row', { name: /Lyon workshop/ });
    expect(lyon).toHaveTextContent('2 settings');
    expect(lyon).toHaveTextContent('Support manager');
    expect(within(lyon).getByRole('link', { name: '12' })).toHaveAttribute('href', '/series/devices?Group=4');
    expect(within(lyon).getByRole('link', { name: '2' })).toHaveAttribute('href', '/stores/list?Group=4');
    expect(within(lyon).getByRole('button', { name: 'Remove settings of Lyon workshop' })).toBeVisible();
    const madrid = within(table).getByRole('row', { name: /Madrid fleet/ });
    expect(madrid).toHaveTextContent('None');
    expect(within(madrid).queryByRole('button', { name: /Remove settings/ })).toBeNull();
  });

  it("saves a group's settings as typed, and says so", async () => {
    const user = userEvent.setup();
    const fetchSpy = stubGroups({ 'PUT /api/Configuration/Groups/5': { body: GROUPS } });
    const { dialog } = await editMadrid(user, '{"units":"imperial"}');
    await user.click(within(dialog).getByRole('button', { name: 'Save the settings' }));
    expect(await screen.findByText('The settings of Madrid fleet are saved.')).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'PUT', '/api/Configuration/Groups/5');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ content: { units: 'imperial' } });
  });

  it('says text that is not a JSON object under it, and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubGroups({ 'PUT /api/Configuration/Groups/5': { body: GROUPS } });
    const { dialog, text } = await editMadrid(user, '["imperial"]');
    await user.click(within(dialog).getByRole('button', { name: 'Save the settings' }));
    expect(text).toHaveAccessibleDescription('Write a JSON object, between { and }.');
    expect(requestsTo(fetchSpy, 'PUT', '/api/Configuration/Groups/5')).toHaveLength(0);
  });

  it("puts the server's refusal under the settings, in the user's words", async () => {
    const user = userEvent.setup();
    stubGroups({
      'PUT /api/Configuration/Groups/5': {
        status: 400,
        body: {
          status: 400,
          message: 'Invalid body.content: must be at most 65536 bytes',
          details: [
            {
              field: 'body.content',
              message: 'must be at most 65536 bytes',
              rule: { kind: 'too_big', limit: 65536 },
            },
          ],
        },
      },
    });
    const { dialog, text } = await editMadrid(user, '{"units":"imperial"}');
    await user.click(within(dialog).getByRole('button', { name: 'Save the settings' }));
    expect(await within(dialog).findByText(/At most 65536/)).toBeVisible();
    expect(text).toHaveAccessibleDescription(/At most 65536/);
    expect(within(dialog).queryByText(/body\.|Invalid|bytes/)).toBeNull();
  });

  it("removes a group's settings once confirmed", async () => {
    const user = userEvent.setup();
    const fetchSpy = stubGroups({ 'DELETE /api/Configuration/Groups/4': { body: GROUPS } });
    open();
    await user.click(await screen.findByRole('button', { name: 'Remove settings of Lyon workshop' }));
    const dialog = await screen.findByRole('dialog', { name: "Remove the group's settings?" });
    expect(dialog).toHaveTextContent('The 12 devices of Lyon workshop keep the settings they have');
    await user.click(within(dialog).getByRole('button', { name: 'Remove settings' }));
    expect(await screen.findByText('The settings of Lyon workshop are removed.')).toBeVisible();
    expect(requestsTo(fetchSpy, 'DELETE', '/api/Configuration/Groups/4')).toHaveLength(1);
  });
});
