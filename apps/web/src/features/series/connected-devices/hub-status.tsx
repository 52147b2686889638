import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSecondsUntil } from '../../../hooks/use-seconds-until';
import type { HubState } from '../../../lib/hub/hub-client';

/** Says when the live hub is not connected: the list is empty for that reason, not because no device is. */
export function HubStatus({ state }: { state: HubState }) {
  const { t } = useTranslation();
  const seconds = useSecondsUntil(state.status === 'reconnecting' ? state.retryAt : null);
  if (state.status === 'connected' || state.status === 'stopped') return null;
  if (state.status === 'connecting')
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('hub.status.connecting')}
      </Text>
    );
  return (
    <Alert color="orange" role="status" title={t('hub.status.lost_title')} data-testid="hub-reconnecting">
      {t('hub.status.retrying', { seconds: seconds ?? 0 })}
    </Alert>
  );
}
