import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { BulkPage } from './bulk-page';

function open() {
  renderRoute([{ path: '/bulk', element: <BulkPage /> }], '/bulk', 'support-user');
}

describe('decoding warranty codes in bulk', () => {
  it('asks for a file before anything can be sent', async () => {
    const fetchSpy = stubFetch({});
    open();
    expect(await screen.findByText('Choose a file of codes first.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    expect(requestsTo(fetchSpy, 'POST', '/api/WarrantyCode/Bulk')).toHaveLength(0);
  });

  it('sends the file with its description and type as a task', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch({
      'POST /api/WarrantyCode/Bulk': { status: 202, body: { requestId: 'task-41' } },
    });
    open();
    const file = new File(['warrantycode,ro\nW0A1B2C3D4E5,RO-5521\n'], 'claims.csv', { type: 'text/csv' });
    // The file input behind Mantine's button, as a browser's file chooser fills it.
    expect(await screen.findByRole('button', { name: /^File of codes/ })).toBeVisible();
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
    expect(screen.getByRole('button', { name: /^File of codes/ })).toHaveTextContent('claims.csv');
    const description = screen.getByRole('textbox', { name: /^Description/ });
    await user.clear(description);
    await user.type(description, 'November claims');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(
      await screen.findByText('Export requested. Follow it in the task list at the top right.'),
    ).toBeVisible();
    const [sent] = requestsTo(fetchSpy, 'POST', '/api/WarrantyCode/Bulk');
    const body = sent?.init?.body as FormData;
    expect(body.get('ExportDescription')).toBe('November claims');
    expect(body.get('ExportType')).toBe('XLSX');
    expect((body.get('file') as File).name).toBe('claims.csv');
    // The file is taken: another one is chosen for the next decoding.
    await waitFor(() => expect(screen.getByText('Choose a file of codes first.')).toBeVisible());
  });
});
