import { act, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/providers';
import { AuthFailedPage } from './auth-failed-page';

afterEach(() => vi.useRealTimers());

describe('auth-failed screen', () => {
  it('counts down 5 s, then returns to the previous location', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const router = createMemoryRouter(
      [
        { path: '/auth/failed', element: <AuthFailedPage /> },
        { path: '/user-space', element: <p>back</p> },
      ],
      { initialEntries: [{ pathname: '/auth/failed', state: { from: '/user-space' } }] },
    );
    renderWithProviders(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { name: 'Sign-in failed' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('Returning in 5 s');
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByRole('timer')).toHaveTextContent('Returning in 1 s');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(router.state.location.pathname).toBe('/user-space');
  });
});
