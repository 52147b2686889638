import type { RoleCode } from '@fleet/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { stubFetch } from '../../testing/fetch-stub';
import { testMe } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/providers';
import { LanguageSwitcher } from './language-switcher';

const SHORTCUT = '{Control>}{Shift>}L{/Shift}{/Control}';

afterEach(async () => {
  await i18n.changeLanguage('en');
  document.documentElement.lang = 'en';
});

function open(role: RoleCode) {
  const fetchSpy = stubFetch({});
  renderWithProviders(<LanguageSwitcher />, { me: testMe({ roles: [role] }) });
  return { fetchSpy, user: userEvent.setup() };
}

describe('the language switcher', () => {
  it.each<RoleCode>(['administrator', 'old-administrator'])(
    'opens and closes with Ctrl+Shift+L for an internal administrator (%s)',
    async (role) => {
      const { user } = open(role);
      expect(screen.queryByRole('dialog', { name: 'Language switcher' })).toBeNull();
      await user.keyboard(SHORTCUT);
      expect(screen.getByRole('dialog', { name: 'Language switcher' })).toBeVisible();
      await user.keyboard(SHORTCUT);
      expect(screen.queryByRole('dialog', { name: 'Language switcher' })).toBeNull();
    },
  );

  it('shows the console in another language for the session, without saving it', async () => {
    const { user, fetchSpy } = open('administrator');
    await user.keyboard(SHORTCUT);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Interface language' }), 'Deutsch');
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(fetchSpy.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET')).toEqual([]);
  });

  it.each<RoleCode>(['support-user', 'factory-user', 'customer-engineering-user', 'series-user'])(
    'stays closed for anyone else (%s)',
    async (role) => {
      const { user } = open(role);
      await user.keyboard(SHORTCUT);
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );
});
