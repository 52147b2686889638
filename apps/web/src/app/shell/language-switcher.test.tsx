import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../testing/render-route';
import { LanguageSwitcher } from './language-switcher';

function open(role: 'administrator' | 'support-manager') {
  renderRoute([{ path: '/', element: <LanguageSwitcher /> }], '/', role);
}

describe('the session language switcher (Ctrl+Shift+L)', () => {
  it('opens for an internal administrator, and closes at the same keys', async () => {
    const user = userEvent.setup();
    open('administrator');
    await user.keyboard('{Control>}{Shift>}L{/Shift}{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Language switcher' });
    expect(dialog).toBeVisible();
    await user.keyboard('{Control>}{Shift>}L{/Shift}{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does nothing for any other role, internal staff included', async () => {
    const user = userEvent.setup();
    open('support-manager');
    await user.keyboard('{Control>}{Shift>}L{/Shift}{/Control}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
