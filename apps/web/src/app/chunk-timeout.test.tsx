import { act, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../config/paths';
import { RouteErrorPage } from '../features/errors/route-error-page';
import { readChunkReloadMark } from '../lib/chunk-reload';
import { stubFetch } from '../testing/fetch-stub';
import { renderWithProviders } from '../testing/providers';
import { routeOf } from './routes';

const reload = vi.fn();

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
  readChunkReloadMark();
  reload.mockReset();
});

/** A page whose screen's chunk never arrives. */
async function openHangingScreen() {
  // The server answers: a new version was deployed, a reload fetches it.
  stubFetch({
    [`GET ${import.meta.env.BASE_URL}version.json`]: { body: { version: '25.08.01', build: 'b' } },
  });
  vi.stubGlobal('location', { ...window.location, reload });
  // Before the router: it asks for the screen's chunk as it is made.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const hanging = routeOf({ route: paths.about, title: null, load: () => new Promise(() => {}) });
  const router = createMemoryRouter([{ errorElement: <RouteErrorPage />, children: [hanging] }], {
    initialEntries: ['/about'],
  });
  renderWithProviders(<RouterProvider router={router} />);
  await act(() => vi.advanceTimersByTimeAsync(119_999));
  expect(reload).not.toHaveBeenCalled();
  await act(() => vi.advanceTimersByTimeAsync(1));
  vi.useRealTimers();
}

describe('a screen whose chunk hangs', () => {
  it('is given up after 120 s and the page reloads, once', async () => {
    await openHangingScreen();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('status', { name: 'Loading the new version…' })).toBeInTheDocument();
  });

  it('shows the error on the reloaded page when it hangs again, without reloading', async () => {
    await openHangingScreen();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));

    // The page that reload opened.
    readChunkReloadMark();
    document.body.innerHTML = '';
    reload.mockReset();
    await openHangingScreen();
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeVisible();
    expect(reload).not.toHaveBeenCalled();
  });
});
