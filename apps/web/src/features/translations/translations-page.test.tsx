import type { TranslationEntry, TranslationKeyList } from '@fleet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { TranslationsPage } from './translations-page';

const entry = (key: string, values: Partial<TranslationEntry>): TranslationEntry => ({
  namespace: 'company',
  key,
  english: 'English',
  bundled: null,
  override: null,
  inherited: null,
  state: 'missing',
  ...values,
});

const LIST: TranslationKeyList = {
  keys: [
    entry('page.title', { english: 'Company', bundled: 'Empresa', state: 'bundled' }),
    entry('page.none', { english: 'No company tool is open to you.' }),
    entry('tools.logs.title', { english: 'Logs', override: 'Registros', state: 'overridden' }),
  ],
  totalCount: 3,
  namespaces: ['app', 'company'],
};

const PATH = '/Translations/es';

function open() {
  const fetchSpy = stubFetch({
    [`GET /api${PATH}/Keys`]: { body: LIST },
    'GET /api/Translations/Languages': { body: { languages: [] } },
    [`PUT /api${PATH}/Overrides`]: {
      body: {
        language: 'es',
        target: 'tyre-pressure',
        namespace: 'company',
        key: 'page.none',
        text: 'x',
        updatedAt: '2025-01-01T00:00:00.000Z',
      },
    },
    [`DELETE /api${PATH}/Overrides`]: { status: 204 },
  });
  renderRoute(
    [{ path: '/tool/translations-management/translations', element: <TranslationsPage /> }],
    '/tool/translations-management/translations?language=es&target=tyre-pressure',
    'administrator',
  );
  return fetchSpy;
}

describe('translations tab', () => {
  it('lists the texts of the language and target, missing ones said so', async () => {
    const fetchSpy = open();
    const table = within(await screen.findByRole('table', { name: 'Texts of the console' }));
    const missing = table.getByText('company.page.none').closest('tr')!;
    expect(within(missing).getByText('Missing')).toBeInTheDocument();
    expect(table.getByText('company.tools.logs.title').closest('tr')).toHaveTextContent('Registros');
    const [request] = requestsTo(fetchSpy, 'GET', `/api${PATH}/Keys`);
    expect(request?.url.searchParams.get('Target')).toBe('tyre-pressure');
  });

  it('saves a text from the dialog, refusing a placeholder the English has no value for', async () => {
    const user = userEvent.setup();
    const fetchSpy = open();
    await user.click(await screen.findByRole('button', { name: 'Edit company.page.none' }));
    const dialog = within(await screen.findByRole('dialog'));
    const text = dialog.getByRole('textbox', { name: 'Text' });
    await user.type(text, 'Ninguna herramienta {{{{tool}}');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(/the console has no value for these placeholders/)).toBeInTheDocument();
    expect(requestsTo(fetchSpy, 'PUT', `/api${PATH}/Overrides`)).toHaveLength(0);

    await user.clear(text);
    await user.type(text, 'Ninguna herramienta');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('company.page.none saved for es · Tyre pressure.')).toBeInTheDocument();
    const [saved] = requestsTo(fetchSpy, 'PUT', `/api${PATH}/Overrides`);
    expect(JSON.parse(String(saved?.init?.body))).toEqual({
      target: 'tyre-pressure',
      namespace: 'company',
      key: 'page.none',
      text: 'Ninguna herramienta',
    });
  });

  it("saves an override only once changed, and says the server's refusal under the text", async () => {
    const user = userEvent.setup();
    const fetchSpy = stubFetch({
      [`GET /api${PATH}/Keys`]: { body: LIST },
      [`PUT /api${PATH}/Overrides`]: {
        status: 400,
        body: {
          status: 400,
          message: 'Invalid body.text: must be at most 20 characters',
          details: [
            {
              field: 'body.text',
              message: 'must be at most 20 characters',
              rule: { kind: 'too_long', limit: 20 },
            },
          ],
        },
      },
    });
    renderRoute(
      [{ path: '/tool/translations-management/translations', element: <TranslationsPage /> }],
      '/tool/translations-management/translations?language=es&target=tyre-pressure',
      'administrator',
    );
    await user.click(await screen.findByRole('button', { name: 'Edit company.tools.logs.title' }));
    const dialog = within(await screen.findByRole('dialog'));
    const text = dialog.getByRole('textbox', { name: 'Text' });
    expect(text).toHaveValue('Registros');
    expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(text, ' del taller');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('At most 20 characters')).toBeVisible();
    expect(text).toHaveAccessibleDescription(expect.stringContaining('At most 20 characters'));
    expect(dialog.getByText('Not saved: check the fields marked.')).toBeVisible();
    expect(dialog.queryByText(/body\.|Invalid/)).toBeNull();
    expect(requestsTo(fetchSpy, 'PUT', `/api${PATH}/Overrides`)).toHaveLength(1);
  });

  it('removes an override after asking', async () => {
    const user = userEvent.setup();
    const fetchSpy = open();
    await user.click(
      await screen.findByRole('button', { name: 'Remove the override of company.tools.logs.title' }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText(/The override of company.tools.logs.title is removed/),
    ).toBeInTheDocument();
    const [removal] = requestsTo(fetchSpy, 'DELETE', `/api${PATH}/Overrides`);
    expect(Object.fromEntries(removal!.url.searchParams)).toEqual({
      target: 'tyre-pressure',
      namespace: 'company',
      key: 'tools.logs.title',
    });
  });
});
