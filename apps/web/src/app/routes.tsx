import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { paths, type RouteSpec } from '../config/paths';
import { RouteErrorPage } from '../features/errors/route-error-page';
import { RouteGuard } from './route-guard';
import { ShellLayout } from './shell/shell-layout';
import { StartRedirect } from './start-redirect';

interface Screen {
  route: RouteSpec;
  /** Each screen is its own chunk. */
  load: () => Promise<ComponentType>;
  /** Screens shown inside this one (its tabs), each with its own feature. */
  children?: readonly Screen[];
}

/** The route table: every screen that exists, with the feature it needs (from `paths`). */
export const SCREENS: readonly Screen[] = [
  {
    route: paths.series,
    load: () => import('../features/series/series-area').then((m) => m.SeriesArea),
    children: [
      {
        route: paths.seriesDevices,
        load: () => import('../features/series/devices/devices-page').then((m) => m.DevicesPage),
      },
      {
        route: paths.seriesAccessories,
        load: () => import('../features/series/accessories/accessories-page').then((m) => m.AccessoriesPage),
      },
    ],
  },
  {
    route: paths.serieDetails,
    load: () => import('../features/series/device-detail/device-detail-page').then((m) => m.DeviceDetailPage),
    children: [
      {
        route: paths.serieInfo,
        load: () =>
          import('../features/series/device-detail/info/device-info-tab').then((m) => m.DeviceInfoTab),
      },
      {
        route: paths.serieUsers,
        load: () =>
          import('../features/series/device-detail/users/device-users-tab').then((m) => m.DeviceUsersTab),
      },
      {
        route: paths.serieScreenshots,
        load: () =>
          import('../features/series/device-detail/screenshots/device-screenshots-tab').then(
            (m) => m.DeviceScreenshotsTab,
          ),
      },
      {
        route: paths.serieComponents,
        load: () =>
          import('../features/series/device-detail/components/device-components-tab').then(
            (m) => m.DeviceComponentsTab,
          ),
      },
      {
        route: paths.serieConnections,
        load: () =>
          import('../features/series/device-detail/connections/device-connections-tab').then(
            (m) => m.DeviceConnectionsTab,
          ),
      },
      {
        route: paths.serieUpdates,
        load: () =>
          import('../features/series/device-detail/updates/device-updates-tab').then(
            (m) => m.DeviceUpdatesTab,
          ),
      },
      {
        route: paths.serieConfiguration,
        load: () =>
          import('../features/series/device-detail/configuration/device-configuration-tab').then(
            (m) => m.DeviceConfigurationTab,
          ),
      },
      {
        route: paths.serieCertificates,
        load: () =>
          import('../features/series/device-detail/certificates/device-certificates-tab').then(
            (m) => m.DeviceCertificatesTab,
          ),
      },
      {
        route: paths.serieGeolocations,
        load: () =>
          import('../features/series/device-detail/geolocations/device-geolocations-tab').then(
            (m) => m.DeviceGeolocationsTab,
          ),
      },
    ],
  },
  {
    route: paths.accessoryDetails,
    load: () =>
      import('../features/series/accessory-detail/accessory-detail-page').then((m) => m.AccessoryDetailPage),
    children: [
      {
        route: paths.accessoryInfo,
        load: () =>
          import('../features/series/accessory-detail/accessory-info-tab').then((m) => m.AccessoryInfoTab),
      },
      {
        route: paths.accessoryUsers,
        load: () =>
          import('../features/series/accessory-detail/accessory-users-tab').then((m) => m.AccessoryUsersTab),
      },
      {
        route: paths.accessorySeries,
        load: () =>
          import('../features/series/accessory-detail/accessory-series-tab').then(
            (m) => m.AccessorySeriesTab,
          ),
      },
      {
        route: paths.accessoryDataset,
        load: () =>
          import('../features/series/accessory-detail/accessory-dataset-tab').then(
            (m) => m.AccessoryDatasetTab,
          ),
      },
      {
        route: paths.accessoryConfiguration,
        load: () =>
          import('../features/series/accessory-detail/accessory-configuration-tab').then(
            (m) => m.AccessoryConfigurationTab,
          ),
      },
      {
        route: paths.accessoryCertificates,
        load: () =>
          import('../features/series/accessory-detail/accessory-certificates-tab').then(
            (m) => m.AccessoryCertificatesTab,
          ),
      },
    ],
  },
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

function routeOf({ route, load, children }: Screen): RouteObject {
  const page: RouteObject = {
    path: route.path,
    lazy: async () => ({ Component: await load() }),
    children: children?.map(routeOf),
  };
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
          {
            element: <RouteGuard feature={paths.userSpace.feature} />,
            children: [{ index: true, element: <StartRedirect /> }],
          },
          ...SCREENS.map(routeOf),
          { path: '*', element: <Navigate to={{ pathname: paths.notFound.path }} replace /> },
        ],
      },
    ],
  },
];
