import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../../testing/render-route';
import { ExportButton } from './export-button';

function open(exported: { status?: number; body: unknown }) {
  const fetchSpy = stubFetch({
    'GET /api/configurations/users/user-1': { body: { userId: 'user-1', content: '{}' } },
    'POST /api/Jobs/Export': exported,
  });
  renderRoute(
    [
      {
        path: '/jobs/live',
        element: <ExportButton kind="LIVE" query={new URLSearchParams('JobStatus=Aborted')} filtered />,
      },
    ],
    '/jobs/live',
    'administrator',
  );
  return fetchSpy;
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Export' }));
  return within(await screen.findByRole('dialog', { name: 'Export jobs' }));
}

describe('the jobs export', () => {
  it('asks for a description before anything is sent, then queues the export of the filtered jobs', async () => {
    const user = userEvent.setup();
    const fetchSpy = open({ body: { requestId: 'task-7' } });
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('button', { name: 'Export' }));
    const description = dialog.getByRole('textbox', { name: /^Description/ });
    expect(description).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a description for this export.'),
    );
    expect(requestsTo(fetchSpy, 'POST', '/api/Jobs/Export')).toHaveLength(0);

    await user.type(description, ' Aborted jobs ');
    await user.click(dialog.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText(/^Export requested/)).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/Jobs/Export');
    expect(JSON.parse(String(sent?.init?.body))).toMatchObject({
      ExportDescription: 'Aborted jobs',
      JobFilters: { JobStatus: 'Aborted' },
      JobList: 'LIVE',
      ExportType: 'CSV',
      EmailResult: false,
      ccRecipients: [],
    });
  });

  it("says the server's refusal under the field it names, in the user's words", async () => {
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
    const dialog = await openDialog(user);
    const description = dialog.getByRole('textbox', { name: /^Description/ });
    await user.type(description, 'Aborted jobs of the week');
    await user.click(dialog.getByRole('button', { name: 'Export' }));
    expect(await dialog.findByText('At most 20 characters')).toBeVisible();
    expect(description).toHaveAccessibleDescription(expect.stringContaining('At most 20 characters'));
    expect(dialog.getByText('Not saved: check the fields marked.')).toBeVisible();
    expect(dialog.queryByText(/body\.|Invalid/)).toBeNull();
  });
});
