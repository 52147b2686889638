import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { StoreImportPage } from './store-import-page';

function open() {
  renderRoute([{ path: '/stores/import', element: <StoreImportPage /> }], '/stores/import', 'administrator');
}

async function upload(text: string) {
  const user = userEvent.setup();
  await screen.findByText(/Create or update up to/);
  const file = new File([text], 'stores.csv', { type: 'text/csv' });
  await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
}

describe('a stores import', () => {
  it("says why a file is refused in the user's words, naming the column, not the server's English", async () => {
    const fetchSpy = stubFetch({
      'POST /api/Store/Import/Preview': {
        status: 400,
        body: {
          status: 400,
          message: 'Invalid body.file: column 2 (City) is not a column of a stores file',
          details: [
            {
              field: 'body.file',
              message: 'column 2 (City) is not a column of a stores file',
              rule: { kind: 'unknown_column', name: 'City' },
            },
          ],
        },
      },
    });
    open();
    await upload('Official Store Code,City\nFR-1,Lyon\n');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The column City is not one of this import's");
    expect(alert).not.toHaveTextContent(/Not saved|Invalid|is not a column of a stores file/);
    expect(requestsTo(fetchSpy, 'POST', '/api/Store/Import/Preview')).toHaveLength(1);
  });

  it('shows each row with the rule its cells break, and imports nothing while a row has errors', async () => {
    stubFetch({
      'POST /api/Store/Import/Preview': {
        body: {
          draft: '6f1d7c5e-4d7b-4a39-9d55-0b3c1a2f9e10',
          columns: ['officialStoreCode', 'name'],
          rows: [
            {
              line: 2,
              values: { officialStoreCode: 'FR-1', name: 'Lyon' },
              action: 'create',
              storeId: null,
              errors: [],
            },
            {
              line: 3,
              values: { officialStoreCode: 'FR-1', name: 'Lyon bis' },
              action: null,
              storeId: null,
              errors: [
                {
                  column: 'officialStoreCode',
                  message: 'is already the code of row 2',
                  rule: { kind: 'repeated', row: 2 },
                },
              ],
            },
          ],
        },
      },
    });
    open();
    await upload('Official Store Code,Name\nFR-1,Lyon\nFR-1,Lyon bis\n');
    expect(await screen.findByText('Same as row 2')).toBeVisible();
    expect(screen.queryByText('is already the code of row 2')).toBeNull();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
