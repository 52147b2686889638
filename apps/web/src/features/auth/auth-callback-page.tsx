import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { paths, type ReturnState } from '../../config/paths';
import { useAuth } from '../../hooks/use-auth';

/** The identity provider sends the browser back here with the authorisation code. */
export function AuthCallbackPage() {
  const { t } = useTranslation();
  const { completeSignIn } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    void completeSignIn().then((result) => {
      if (!active) return;
      if (result.ok) void navigate(result.returnTo, { replace: true });
      else
        void navigate(paths.authFailed.path, {
          replace: true,
          state: { from: result.returnTo } satisfies ReturnState,
        });
    });
    return () => {
      active = false;
    };
  }, [completeSignIn, navigate]);

  return <FullPageLoader label={t('auth.callback.signing_in')} />;
}
