import type { TranslationLanguage } from '@fleet/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub';
import { renderRoute, requestsTo } from '../../testing/render-route';
import { LanguagesPage } from './languages-page';

const SPANISH: TranslationLanguage = {
  code: 'es',
  name: 'Español',
  shipped: true,
  offered: true,
  keys: 200,
  translated: 200,
  overrides: 3,
};
const ITALIAN: TranslationLanguage = {
  ...SPANISH,
  code: 'it',
  name: 'Italiano',
  shipped: false,
  translated: 0,
};

function open(added: { status?: number; body: unknown }) {
  let languages = [SPANISH];
  const fetchSpy = stubFetch({
    'GET /api/Translations/Languages': () => ({ body: { languages } }),
    'POST /api/Translations/Languages': () => {
      if (!added.status) languages = [SPANISH, ITALIAN];
      return added;
    },
  });
  renderRoute(
    [{ path: '/tool/translations-management/languages', element: <LanguagesPage /> }],
    '/tool/translations-management/languages',
    'administrator',
  );
  return fetchSpy;
}

async function addItalian(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add language' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add a language' }));
  await user.type(dialog.getByRole('textbox', { name: /^Code/ }), 'it');
  await user.type(dialog.getByRole('textbox', { name: /^Name/ }), 'Italiano');
  await user.click(dialog.getByRole('button', { name: 'Add language' }));
  return dialog;
}

describe('languages tab', () => {
  it('adds a language, which the list then shows', async () => {
    const user = userEvent.setup();
    const fetchSpy = open({ body: ITALIAN });
    await addItalian(user);
    expect(await screen.findByText('Italiano is added.')).toBeInTheDocument();
    const table = within(screen.getByRole('table', { name: 'Languages' }));
    expect(await table.findByText('Italiano')).toBeVisible();
    const [request] = requestsTo(fetchSpy, 'POST', '/api/Translations/Languages');
    expect(JSON.parse(String(request?.init?.body))).toEqual({ code: 'it', name: 'Italiano' });
  });

  it("says the server's refusal under its field, in the user's words", async () => {
    const user = userEvent.setup();
    open({
      status: 400,
      body: {
        status: 400,
        message: 'Invalid body.name: must be at most 20 characters',
        details: [
          {
            field: 'body.name',
            message: 'must be at most 20 characters',
            rule: { kind: 'too_long', limit: 20 },
          },
        ],
      },
    });
    const dialog = await addItalian(user);
    expect(await dialog.findByText('At most 20 characters')).toBeVisible();
    expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
      expect.stringContaining('At most 20 characters'),
    );
    expect(dialog.getByText('Not saved: check the fields marked.')).toBeVisible();
    expect(dialog.queryByText(/body\.|Invalid/)).toBeNull();
  });
});
