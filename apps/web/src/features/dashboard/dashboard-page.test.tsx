import type { Dashboard, RoleCode } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { DashboardPage } from './dashboard-page';

// A table widget: its numbers are read as text (a chart would draw on a canvas jsdom lacks).
const DASHBOARD: Dashboard = {
  id: 1,
  name: 'Fleet overview',
  widgets: [
    {
      id: 'types',
      title: 'Tools by type',
      source: 'devices',
      measure: 'count',
      groupBy: 'device_type',
      chartType: 'table',
      layout: { x: 0, y: 0, w: 6, h: 3 },
    },
  ],
  version: 3,
  updatedAt: '2026-11-20T10:00:00.000Z',
  updatedBy: 'Dashboard editor',
};

function open(role: RoleCode, answers: Parameters<typeof stubFetch>[0] = {}) {
  const fetchSpy = stubFetch({
    'GET /api/Dashboards': {
      body: {
        data: [{ id: 1, name: 'Fleet overview', widgetCount: 1, updatedAt: DASHBOARD.updatedAt }],
        lastViewed: 1,
      },
    },
    'GET /api/Dashboards/1': { body: DASHBOARD },
    'POST /api/Dashboards/Data': {
      body: {
        data: [
          {
            id: 'types',
            categories: ['TPMS tool', 'OBD tool'],
            series: [{ key: 'count', values: [12, 5] }],
            total: 17,
          },
        ],
      },
    },
    ...answers,
  });
  renderRoute([{ path: '/dashboard', element: <DashboardPage /> }], '/dashboard', role);
  return fetchSpy;
}

async function startEditing(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit' }));
  return screen.findByRole('textbox', { name: /^Name/ });
}

describe('the dashboard', () => {
  it("shows a viewer the company's dashboard with its numbers, and nothing to change", async () => {
    const fetchSpy = open('dashboard-viewer');
    const widget = await screen.findByRole('region', { name: 'Tools by type' });
    const table = await within(widget).findByRole('table', { name: 'Tools by type' });
    expect(within(table).getByRole('row', { name: 'TPMS tool 12' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'OBD tool 5' })).toBeInTheDocument();
    expect(screen.getByText(/^Fleet overview: counted on the server/)).toBeVisible();
    for (const action of ['Edit', 'New dashboard', 'Delete'])
      expect(screen.queryByRole('button', { name: action })).toBeNull();
    const [asked] = requestsTo(fetchSpy, 'POST', '/api/Dashboards/Data');
    expect(JSON.parse(String(asked?.init?.body)).widgets).toEqual(DASHBOARD.widgets);
  });

  it('lets an editor rename it, and saves it with the version it started from', async () => {
    const user = userEvent.setup();
    const fetchSpy = open('dashboard-editor', {
      'PUT /api/Dashboards/1': { body: { ...DASHBOARD, name: 'Workshop overview', version: 4 } },
    });
    expect(await screen.findByRole('button', { name: 'New dashboard' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeVisible();
    const name = await startEditing(user);
    // Save waits for a change of the dashboard.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Workshop overview ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Workshop overview saved')).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'PUT', '/api/Dashboards/1');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      name: 'Workshop overview',
      widgets: DASHBOARD.widgets,
      version: 3,
    });
    expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  });

  it("shows the server's refusal of the name under it, in the user's words, and forgets it once cancelled", async () => {
    const user = userEvent.setup();
    open('dashboard-editor', {
      'PUT /api/Dashboards/1': {
        status: 400,
        body: {
          status: 400,
          message: 'Invalid body.name: is the name of another dashboard',
          details: [
            { field: 'body.name', message: 'is the name of another dashboard', rule: { kind: 'taken' } },
          ],
        },
      },
    });
    const name = await startEditing(user);
    await user.clear(name);
    await user.type(name, 'Workshops');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Already in use'));
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved: check the fields marked.');
    expect(screen.queryByText(/body\.|Invalid|another dashboard/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const again = await startEditing(user);
    expect(again).toHaveValue('Fleet overview');
    expect(again).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
