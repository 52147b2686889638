import { useTranslation } from 'react-i18next';
import { CountdownScreen } from '../../components/countdown-screen';
import { useAuth } from '../../hooks/use-auth';

/** The stored session could not be checked; after the countdown the user signs in again and comes back. */
export function NotYetAuthenticatedScreen({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation();
  const { signIn } = useAuth();
  return (
    <CountdownScreen
      title={t('auth.not_authenticated.title')}
      message={t('auth.not_authenticated.message')}
      onDone={() => void signIn(returnTo)}
    />
  );
}
