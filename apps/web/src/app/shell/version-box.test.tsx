import type { AppSettings } from '@fleet/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserManager, type User } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consoleUrl } from '../../lib/oidc';
import { VERSION_URL } from '../../lib/version-check';
import { stubFetch } from '../../testing/fetch-stub';
import { testSettings } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/providers';
import { renderRoute } from '../../testing/render-route';
import { AuthProvider } from '../auth-provider';
import { ShellFooter } from './shell-footer';
import { VersionBox } from './version-box';

const local = testSettings.authentication.others[0]!;
const settings: AppSettings = {
  ...testSettings,
  authentication: { name: 'local', others: [local, { ...local, name: 'corporate', label: 'Corporate' }] },
};

afterEach(() => vi.restoreAllMocks());

function serveVersion() {
  stubFetch({ [`GET ${VERSION_URL}`]: { body: { version: '25.08.00', build: '4711' } } });
}

describe('the version box', () => {
  it('is the first stop of the keyboard in the footer, before its links, and shows the version', async () => {
    serveVersion();
    const user = userEvent.setup();
    renderRoute([{ path: '/', element: <ShellFooter /> }], '/', 'series-user');
    const box = screen.getByLabelText('Version and sign-in provider');
    expect(await within(box).findByText('Version 25.08.00 (build 4711)')).toBeInTheDocument();

    await user.tab();
    expect(box).toHaveFocus();
    expect(box.compareDocumentPosition(screen.getByRole('link', { name: 'About' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it('remembers the sign-in provider chosen and starts the console over with it', async () => {
    serveVersion();
    const user = userEvent.setup();
    const signedIn = { access_token: 'token', expired: false, state: undefined } as unknown as User;
    vi.spyOn(UserManager.prototype, 'getUser').mockResolvedValue(signedIn);
    const removeUser = vi.spyOn(UserManager.prototype, 'removeUser').mockResolvedValue();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const box = (
      <AuthProvider settings={settings}>
        <VersionBox className="" />
      </AuthProvider>
    );
    const { unmount } = renderWithProviders(box, { settings });
    const select = await screen.findByRole('combobox', { name: 'Sign-in provider' });
    expect(select).toHaveValue('local');

    await user.selectOptions(select, 'Corporate');
    await waitFor(() => expect(assign).toHaveBeenCalledWith(consoleUrl()));
    expect(removeUser).toHaveBeenCalled();

    // The console as it starts again: with the provider chosen.
    unmount();
    renderWithProviders(box, { settings });
    expect(await screen.findByRole('combobox', { name: 'Sign-in provider' })).toHaveValue('corporate');
  });
});
