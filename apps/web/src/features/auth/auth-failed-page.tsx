import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CountdownScreen } from '../../components/countdown-screen';
import { returnPath } from '../../config/paths';

export function AuthFailedPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <CountdownScreen
      title={t('auth.failed.title')}
      message={t('auth.failed.message')}
      onDone={() => void navigate(returnPath(location.state), { replace: true })}
    />
  );
}
