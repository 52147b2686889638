import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ConnectionBanner } from '../components/connection-banner';
import { FullPageLoader } from '../components/full-page-loader';

/**
 * Around every screen, inside the shell: the connection banner, then the screen. While a screen's code
 * loads (the first load included) the shell stays and the screen's place shows placeholders.
 */
export function ScreenFrame({ loading = false }: { loading?: boolean }) {
  return (
    <>
      <ConnectionBanner />
      {loading ? (
        <FullPageLoader />
      ) : (
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      )}
    </>
  );
}
