import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useConnection } from '../../hooks/use-connection';
import { useDateFormat } from '../../hooks/use-date-format';

interface StaleMarkProps {
  loadedAt: number | null;
  /** What is shown answers an earlier request (another page, say) that could not be replaced yet. */
  kept?: boolean;
  onRetry?: () => void;
}

/**
 * Says that what is shown is stale: loaded at `loadedAt`, not refreshed since because the server does not
 * answer or the refresh failed, or kept from an earlier request. The data stays on screen below it.
 */
export function StaleMark({ loadedAt, kept = false, onRetry }: StaleMarkProps) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const { offline } = useConnection();
  const when = loadedAt ? date.long(new Date(loadedAt)) : null;
  const text = kept
    ? t('connection.stale.kept')
    : offline
      ? when
        ? t('connection.stale.offline_since', { date: when })
        : t('connection.stale.offline')
      : when
        ? t('connection.stale.refresh_failed_since', { date: when })
        : t('connection.stale.refresh_failed');
  return (
    <Alert role="status" color="yellow" variant="light" py="xs" mb="sm" title={t('connection.stale.title')}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{text}</Text>
        {onRetry && (
          <Button size="compact-sm" variant="light" color="yellow" onClick={onRetry}>
            {t('common.actions.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
