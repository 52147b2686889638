import { act, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/providers';
import { NotYetAuthenticatedScreen } from './not-yet-authenticated-screen';

afterEach(() => vi.useRealTimers());

describe('not-yet-authenticated screen', () => {
  it('counts down 5 s, then returns to the previous location without starting a sign-in', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const auth = fakeAuth({ status: 'check-failed' });
    const router = createMemoryRouter(
      [
        { path: '/waiting', element: <NotYetAuthenticatedScreen returnTo="/series/devices?pageNumber=2" /> },
        { path: '/series/devices', element: <p>Devices list</p> },
      ],
      { initialEntries: ['/user-space', '/waiting'], initialIndex: 1 },
    );
    renderWithProviders(<RouterProvider router={router} />, { auth });
    expect(screen.getByRole('heading', { name: 'Not signed in yet' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('Returning in 5 s');
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByRole('timer')).toHaveTextContent('Returning in 1 s');
    expect(router.state.location.pathname).toBe('/waiting');

    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(router.state.location.pathname).toBe('/series/devices');
    expect(router.state.location.search).toBe('?pageNumber=2');
    expect(screen.getByText('Devices list')).toBeInTheDocument();
    // The route guard of the previous location decides anew; the screen itself signs no one in.
    expect(auth.recheck).toHaveBeenCalledTimes(1);
    expect(auth.signIn).not.toHaveBeenCalled();
    // It replaced the screen's entry: Back does not lead to the countdown again.
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
