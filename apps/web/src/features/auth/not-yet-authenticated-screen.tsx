import { useTranslation } from 'react-i18next';
import { ReturnCountdownScreen } from './return-countdown-screen';
import { useAuth } from '../../hooks/use-auth';

/**
 * The stored session could not be checked. After the countdown the user returns to where they were
 * going and the session is checked again there: the route guard then lets them in, or asks them to
 * sign in; this screen starts no sign-in itself.
 */
export function NotYetAuthenticatedScreen({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const { recheck } = useAuth();
  return (
    <ReturnCountdownScreen
      title={t('auth.not_authenticated.title')}
      message={t('auth.not_authenticated.message')}
      returnTo={returnTo}
      onReturn={recheck}
    />
  );
}
