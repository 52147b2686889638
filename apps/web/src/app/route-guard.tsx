import { Alert, Button, Center } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { paths, type ReturnState } from '../config/paths';
import { AuthenticationRequiredScreen } from '../features/auth/authentication-required-screen';
import { NotYetAuthenticatedScreen } from '../features/auth/not-yet-authenticated-screen';
import { SignedOutElsewhereScreen } from '../features/auth/signed-out-elsewhere-screen';
import { useAuth } from '../hooks/use-auth';
import { useAccessCheck, type Access } from '../hooks/use-can-use';
import { useMe } from '../hooks/use-me';

/**
 * Every non-public route sits under this guard: signed in, then allowed to open the screen (its feature
 * and, when it lists them, its roles: the check its tab makes).
 * A refusal leads to /notfound without the query string, so nothing of it leaks into the URL.
 */
export function RouteGuard({ access }: { access: Access }) {
  const { t } = useTranslation();
  const { status } = useAuth();
  const location = useLocation();
  const me = useMe();
  const allowed = useAccessCheck()(access);
  const returnTo = `${location.pathname}${location.search}${location.hash}`;

  switch (status) {
    case 'loading':
      return <FullPageLoader />;
    case 'expired':
      return (
        <Navigate to={paths.sessionExpired.path} replace state={{ from: returnTo } satisfies ReturnState} />
      );
    case 'check-failed':
      return <NotYetAuthenticatedScreen returnTo={returnTo} />;
    case 'signed-out':
      return <AuthenticationRequiredScreen returnTo={returnTo} />;
    case 'ended-elsewhere':
      return <SignedOutElsewhereScreen returnTo={returnTo} />;
    case 'signed-in':
      break;
  }
  if (me.isPending) return <FullPageLoader />;
  if (me.isError) {
    return (
      <Center mih="50vh">
        <Alert color="red" title={t('app.profile.load_failed')} maw={520}>
          <Button mt="sm" variant="light" color="red" onClick={() => void me.refetch()}>
            {t('common.actions.retry')}
          </Button>
        </Alert>
      </Center>
    );
  }
  if (!allowed) return <Navigate to={{ pathname: paths.notFound.path }} replace />;
  return <Outlet />;
}
