import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { paths, START_PATH, type RouteSpec } from '../config/paths';
import { RouteErrorPage } from '../features/errors/route-error-page';
import { RouteGuard } from './route-guard';
import { ShellLayout } from './shell/shell-layout';

interface Screen {
  route: RouteSpec;
  /** Each screen is its own chunk. */
  load: () => Promise<ComponentType>;
}

/** The route table: every screen that exists, with the feature it needs (from `paths`). */
export const SCREENS: readonly Screen[] = [
  {
    route: paths.userSpace,
    load: () => import('../features/user-space/user-space-page').then((m) => m.UserSpacePage),
  },
  {
    route: paths.configurationSettings,
    load: () =>
      import('../features/settings/configuration-settings-page').then((m) => m.ConfigurationSettingsPage),
  },
  { route: paths.terms, load: () => import('../features/terms/terms-page').then((m) => m.TermsPage) },
  { route: paths.about, load: () => import('../features/about/about-page').then((m) => m.AboutPage) },
  {
    route: paths.notFound,
    load: () => import('../features/not-found/not-found-page').then((m) => m.NotFoundPage),
  },
  {
    route: paths.desktopAuth,
    load: () => import('../features/desktop-auth/desktop-auth-page').then((m) => m.DesktopAuthPage),
  },
  {
    route: paths.authCallback,
    load: () => import('../features/auth/auth-callback-page').then((m) => m.AuthCallbackPage),
  },
  {
    route: paths.authFailed,
    load: () => import('../features/auth/auth-failed-page').then((m) => m.AuthFailedPage),
  },
  {
    route: paths.sessionExpired,
    load: () => import('../features/auth/session-expired-page').then((m) => m.SessionExpiredPage),
  },
];

function routeOf({ route, load }: Screen): RouteObject {
  const page: RouteObject = { path: route.path, lazy: async () => ({ Component: await load() }) };
  return route.feature === null
    ? page
    : { element: <RouteGuard feature={route.feature} />, children: [page] };
}

export const routes: RouteObject[] = [
  {
    element: <ShellLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while the first screen's chunk loads.
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        // A failing screen keeps the top bar and footer around its error.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <Navigate to={START_PATH} replace /> },
          ...SCREENS.map(routeOf),
          { path: '*', element: <Navigate to={{ pathname: paths.notFound.path }} replace /> },
        ],
      },
    ],
  },
];
