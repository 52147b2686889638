import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ReturnCountdownScreen } from './return-countdown-screen';
import { returnPath } from '../../config/paths';

export function AuthFailedPage() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <ReturnCountdownScreen
      title={t('auth.failed.title')}
      message={t('auth.failed.message')}
      returnTo={returnPath(location.state)}
    />
  );
}
