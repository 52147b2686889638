import { usableFeatures, type Me, type RoleCode } from '@fleet/contract';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { OverlayHosts } from '../components/overlays/overlay-hosts';
import type { stubFetch } from './fetch-stub';
import { testMe } from './fixtures';
import { renderWithProviders } from './providers';

/**
 * Renders screens at a path for a user holding one role, with the features that role gives; `me`
 * changes that user (such as `wholeFleet: false` for a partner or customer).
 */
export function renderRoute(
  routes: RouteObject[],
  path: string,
  role: RoleCode,
  options: { me?: Partial<Me>; queryClient?: QueryClient } = {},
) {
  // The dialogs open inside the router, as in the shell: a link in a dialog leads somewhere.
  const withHosts: RouteObject = {
    element: (
      <>
        <Outlet />
        <OverlayHosts />
      </>
    ),
    children: routes,
  };
  const router = createMemoryRouter([withHosts], { initialEntries: [path] });
  const me = testMe({ roles: [role], features: usableFeatures([role]), wholeFleet: true, ...options.me });
  renderWithProviders(<RouterProvider router={router} />, {
    me,
    queryClient: options.queryClient,
    hostsInScreen: true,
  });
  return router;
}

/** The requests a fetch stub received for one method and path, with their URL and options. */
export function requestsTo(fetchSpy: ReturnType<typeof stubFetch>, method: string, path: string) {
  return fetchSpy.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url, init }) => (init?.method ?? 'GET') === method && url.pathname === path);
}
