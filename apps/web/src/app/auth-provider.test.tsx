import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UserManager } from 'oidc-client-ts';
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
