import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserManager, type User } from 'oidc-client-ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../hooks/use-auth';
import { testSettings } from '../testing/fixtures';
import { AuthProvider } from './auth-provider';

afterEach(() => vi.restoreAllMocks());

function Probe() {
  const { status, recheck } = useAuth();
  return (
    <>
      <output>{status}</output>
      <button onClick={recheck}>Check again</button>
    </>
  );
}

describe('auth provider', () => {
  it('keeps a failed check on its screen, and reads the stored session again when asked', async () => {
    const user = userEvent.setup();
    let storeReadable = false;
    let readDone: () => void = () => {};
    const getUser = vi.spyOn(UserManager.prototype, 'getUser').mockImplementation(
      () =>
        new Promise((resolve, reject) => {
          readDone = () => (storeReadable ? resolve(null) : reject(new Error('storage unavailable')));
        }),
    );
    render(
      <AuthProvider settings={testSettings}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('loading');
    await act(async () => readDone());
    expect(screen.getByRole('status')).toHaveTextContent('check-failed');

    storeReadable = true;
    const reads = getUser.mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(screen.getByRole('status')).toHaveTextContent('loading');
    await act(async () => readDone());
    expect(screen.getByRole('status')).toHaveTextContent('signed-out');
    expect(getUser).toHaveBeenCalledTimes(reads + 1);
  });
});

/** The key oidc-client-ts keeps the signed-in user under, for the test settings' provider. */
const USER_KEY = 'oidc.user:http://localhost:8080/idp:fleet-console';

function signedInUser(token: string): User {
  return { access_token: token, expired: false, state: undefined } as unknown as User;
}

async function renderSignedIn() {
  const getUser = vi.spyOn(UserManager.prototype, 'getUser').mockResolvedValue(signedInUser('one'));
  const removeUser = vi.spyOn(UserManager.prototype, 'removeUser').mockResolvedValue();
  render(
    <AuthProvider settings={testSettings}>
      <Probe />
    </AuthProvider>,
  );
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('signed-in'));
  return { getUser, removeUser };
}

describe('auth provider across tabs', () => {
  it('signs this tab out at once when another tab removes the stored user', async () => {
    const { removeUser } = await renderSignedIn();
    const stopRenewal = vi.spyOn(UserManager.prototype, 'stopSilentRenew');
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: 'fleet.language', oldValue: 'en', newValue: 'fr' }),
      );
    });
    expect(screen.getByRole('status')).toHaveTextContent('signed-in');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: USER_KEY, oldValue: '{}', newValue: null }));
    });
    expect(screen.getByRole('status')).toHaveTextContent('ended-elsewhere');
    expect(stopRenewal).toHaveBeenCalled();
    // The other tab still needs the stored user to end the session at the identity provider.
    expect(removeUser).not.toHaveBeenCalled();
  });

  it('signs this tab out when another tab says on the session channel that it signed out', async () => {
    await renderSignedIn();
    const other = new BroadcastChannel('fleet.session');
    other.postMessage({ type: 'signed-out' });
    other.close();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('ended-elsewhere'));
  });

  it('signs in again when another tab signs in after a sign-out', async () => {
    const { getUser } = await renderSignedIn();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: USER_KEY, oldValue: '{}', newValue: null }));
    });
    expect(screen.getByRole('status')).toHaveTextContent('ended-elsewhere');
    getUser.mockResolvedValue(signedInUser('three'));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: USER_KEY, oldValue: null, newValue: '{}' }));
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('signed-in'));
  });

  it('takes the token another tab signed in with or renewed', async () => {
    const { getUser } = await renderSignedIn();
    getUser.mockResolvedValue(signedInUser('two'));
    const reads = getUser.mock.calls.length;
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: USER_KEY, oldValue: '{}', newValue: '{"a":1}' }),
      );
    });
    await waitFor(() => expect(getUser).toHaveBeenCalledTimes(reads + 1));
    expect(screen.getByRole('status')).toHaveTextContent('signed-in');
  });
});
