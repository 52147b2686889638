import type { AppSettings } from '@fleet/contract';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { routes } from './routes';

/** `/console/` -> `/console`: router paths are written below the base. */
const BASENAME = import.meta.env.BASE_URL.replace(/\/$/, '');

const router = createBrowserRouter(routes, { basename: BASENAME });

export function App({ settings }: { settings: AppSettings }) {
  return (
    <AppProviders settings={settings}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
