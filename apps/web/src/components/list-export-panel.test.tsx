import { taskRequestAnswerSchema, type ListExportRequestInput, type RoleCode } from '@fleet/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiRequest } from '../lib/api';
import { stubFetch } from '../testing/fetch-stub';
import { renderRoute, requestsTo } from '../testing/render-route';
import { ListExportPanel } from './list-export-panel';

const request = (body: ListExportRequestInput) =>
  apiRequest('/Things/Export', { method: 'POST', body, schema: taskRequestAnswerSchema });

function open(answer: { status?: number; body: unknown }, role: RoleCode = 'support-manager') {
  const fetchSpy = stubFetch({ 'POST /api/Things/Export': answer });
  renderRoute(
    [
      {
        path: '/export',
        element: (
          <ListExportPanel
            task="stores-export"
            defaultDescription="Things"
            filters={{ Status: ['open'] }}
            request={request}
            blocked={null}
          />
        ),
      },
    ],
    '/export',
    role,
  );
  return fetchSpy;
}

describe('the export of a list', () => {
  it('queues the export with the description, the type and the list’s filters', async () => {
    const user = userEvent.setup();
    const fetchSpy = open({ body: { requestId: 'a1' } });
    const description = await screen.findByRole('textbox', { name: /^Description/ });
    await user.clear(description);
    await user.type(description, '  Open things ');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText(/Export requested/)).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Things/Export');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({
      ExportDescription: 'Open things',
      ExportType: 'XLSX',
      Filters: { Status: ['open'] },
    });
  });

  it("says the server's refusal of the description under it, in the user's words", async () => {
    const user = userEvent.setup();
    open({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.ExportDescription: must be at most 20 characters',
        details: [
          {
            field: 'body.ExportDescription',
            message: 'must be at most 20 characters',
            rule: { kind: 'too_long', limit: 20 },
          },
        ],
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Not saved: check the fields marked.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /^Description/ })).toHaveAccessibleDescription(
      'At most 20 characters',
    );
    expect(screen.queryByText(/body\.|Invalid|must be/)).toBeNull();
  });

  it('is not offered to a role with the list but no task list to collect the file from', async () => {
    open({ body: { requestId: 'a1' } }, 'business');
    expect(await screen.findByText('Your roles have no task list to collect an export from.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });
});
