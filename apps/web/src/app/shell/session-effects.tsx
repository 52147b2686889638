import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { showRetry } from '../../components/retry-toast';
import { useAuth } from '../../hooks/use-auth';
import { useConnectionMonitor } from '../../hooks/use-connection';
import { useMe } from '../../hooks/use-me';
import { useUserConfiguration } from '../../hooks/use-user-configuration';
import { setCurrentUser } from '../../lib/current-user';
import { changeLanguage, currentLanguage, rememberSavedLanguage } from '../../lib/i18n';

const CONFIG_TOAST_ID = 'user-configuration';

/**
 * What follows a sign-in: remember who is signed in, load the configuration, apply its language, watch
 * the connection to the server. What follows the end of the session, here or in another tab: nothing
 * loaded for it stays in memory.
 */
export function SessionEffects() {
  const { t } = useTranslation();
  const { status } = useAuth();
  const queryClient = useQueryClient();
  const monitor = useConnectionMonitor();
  const { data: me } = useMe();
  const configuration = useUserConfiguration();
  const language = configuration.data?.current_language;
  const { isError, refetch } = configuration;

  useEffect(() => monitor.start(), [monitor]);

  // Only a session that ends clears what was loaded: a visitor who never signed in keeps the public
  // pages' reads (the About page's licences), which clearing at the first render would cancel for good.
  const hadSession = useRef(false);
  useEffect(() => {
    if (status === 'signed-in') {
      hadSession.current = true;
      return;
    }
    if (status !== 'signed-out' && status !== 'expired' && status !== 'ended-elsewhere') return;
    if (!hadSession.current) return;
    hadSession.current = false;
    queryClient.cancelQueries().catch(() => {});
    queryClient.clear();
  }, [status, queryClient]);

  useEffect(() => {
    setCurrentUser(me ? { sub: me.sub, name: me.name } : null);
  }, [me]);

  useEffect(() => {
    if (!language) return;
    rememberSavedLanguage(language);
    // Already shown (the saved language was remembered): switching again would fetch its texts twice
    // and render every translated component again just after the first screen.
    if (language === currentLanguage()) return;
    void changeLanguage(language);
  }, [language]);

  useEffect(() => {
    if (!isError) return;
    showRetry({
      id: CONFIG_TOAST_ID,
      message: t('app_messages.user_config_error'),
      onRetry: async () => {
        const result = await refetch();
        if (result.isError) throw result.error;
        notifications.show({ color: 'teal', message: t('app_messages.user_config_success') });
      },
    });
  }, [isError, refetch, t]);

  return null;
}
