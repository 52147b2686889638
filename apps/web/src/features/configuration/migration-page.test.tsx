import {
  companyListAnswerSchema,
  deviceGroupListAnswerSchema,
  migrationPreviewAnswerSchema,
} from '@fleet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { MigrationPage } from './migration-page';

const DURAND = '6f1c2b8e-4a3d-4c2e-9f1a-2b3c4d5e6f70';
const ANALYTICAL = '0b7e4c1d-2f3a-4b5c-8d6e-7f8091a2b3c4';

const COMPANIES = companyListAnswerSchema.parse({
  companies: [
    { id: ANALYTICAL, code: 'AE', name: 'Analytical Engines', country: 'GB', kind: 'customer' },
    { id: DURAND, code: 'DURAND', name: 'Atelier Durand Automobiles', country: 'FR', kind: 'customer' },
  ],
});

const GROUPS = deviceGroupListAnswerSchema.parse({ groups: [{ id: 4, name: 'Lyon workshop' }] });

const PREVIEW = migrationPreviewAnswerSchema.parse({
  count: 2,
  devices: [
    { serialNumber: 'TQW8C9311700001', companyId: ANALYTICAL, groupId: null },
    { serialNumber: 'TQW8C9311700002', companyId: ANALYTICAL, groupId: 4 },
  ],
});

function stubMigration(request: { status?: number; body: unknown }) {
  return stubFetch({
    'GET /api/Companies': { body: COMPANIES },
    'GET /api/DeviceGroups': { body: GROUPS },
    'POST /api/Configuration/Migration/Preview': { body: PREVIEW },
    'POST /api/Configuration/Migration': request,
  });
}

/** Chooses the company to move the devices to, and previews the move. */
async function preview(user: ReturnType<typeof userEvent.setup>) {
  renderRoute(
    [{ path: '/configuration/migration', element: <MigrationPage /> }],
    '/configuration/migration',
    'support-manager',
  );
  const previewButton = await screen.findByRole('button', { name: 'Preview' });
  // Nowhere to move them to yet.
  expect(previewButton).toBeDisabled();
  await user.type(screen.getByRole('combobox', { name: 'Move to the company' }), 'Durand');
  await user.click(await screen.findByRole('option', { name: 'Atelier Durand Automobiles' }));
  await user.click(previewButton);
  return screen.findByRole('table', { name: 'Devices that will move (the first 20)' });
}

// Each test fills the form, previews and confirms: slow in a busy run.
describe('a migration of devices', { timeout: 15_000 }, () => {
  it('previews the devices that will move, then moves them by a task once their count is typed', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubMigration({ status: 202, body: { requestId: 'task-7' } });
    const table = await preview(user);
    expect(screen.getByText('2 devices will move')).toBeVisible();
    const second = within(table).getByRole('row', { name: /TQW8C9311700002/ });
    expect(second).toHaveTextContent('Analytical Engines');
    expect(second).toHaveTextContent('Lyon workshop');
    const [previewed] = requestsTo(fetchSpy, 'POST', '/api/Configuration/Migration/Preview');
    expect(JSON.parse(String(previewed?.init?.body))).toEqual({ Filters: {}, companyId: DURAND });

    await user.click(screen.getByRole('button', { name: 'Migrate 2 devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Migrate these devices?' });
    const confirm = within(dialog).getByRole('button', { name: 'Migrate' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Type 2 to confirm' }), '2');
    await user.click(confirm);
    expect(
      await screen.findByText('Migration requested. Follow it in the task list at the top right.'),
    ).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Configuration/Migration');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      Filters: {},
      companyId: DURAND,
      confirmCount: 2,
      ExportDescription: 'Migration of 2 devices',
    });
  });

  it("hands the devices' past jobs over to the company when asked", async () => {
    const user = userEvent.setup();
    const fetchSpy = stubMigration({ status: 202, body: { requestId: 'task-8' } });
    await preview(user);
    await user.click(screen.getByRole('checkbox', { name: 'Hand their past jobs over to this company too' }));
    await user.click(screen.getByRole('button', { name: 'Migrate 2 devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Migrate these devices?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Type 2 to confirm' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Migrate' }));
    await screen.findByText('Migration requested. Follow it in the task list at the top right.');
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Configuration/Migration');
    expect(JSON.parse(String(sent?.init?.body))).toMatchObject({ companyId: DURAND, handOverJobs: true });
  });

  it("says the server's refusal in the user's words, never its field path", async () => {
    const user = userEvent.setup();
    stubMigration({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.confirmCount: 3 devices match the filters now',
        details: [
          {
            field: 'body.confirmCount',
            message: '3 devices match the filters now',
            rule: { kind: 'invalid' },
          },
        ],
      },
    });
    await preview(user);
    await user.click(screen.getByRole('button', { name: 'Migrate 2 devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Migrate these devices?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Type 2 to confirm' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Migrate' }));
    expect(await screen.findByText('Not saved: Not accepted')).toBeVisible();
    expect(screen.queryByText(/body\.|Invalid/)).toBeNull();
  });
});
