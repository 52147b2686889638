import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../lib/i18n';

interface RetryToastOptions {
  /** Stable id: showing the same toast twice replaces it. */
  id: string;
  message: string;
  /** Rejects when the retry failed too; the toast then stays. */
  onRetry: () => Promise<unknown>;
}

function RetryToastBody({ id, message, onRetry }: RetryToastOptions) {
  const { t } = useTranslation();
  const [retrying, setRetrying] = useState(false);
  const retry = async () => {
    setRetrying(true);
    try {
      await onRetry();
      notifications.hide(id);
    } catch {
      setRetrying(false);
    }
  };
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{message}</Text>
      <Button
        size="compact-xs"
        color="yellow"
        variant="light"
        loading={retrying}
        onClick={() => void retry()}
      >
        {t('common.actions.retry')}
      </Button>
    </Group>
  );
}

/** A warning toast that stays until the retry succeeds or the user closes it. */
export function showRetry(options: RetryToastOptions): void {
  notifications.hide(options.id);
  notifications.show({
    id: options.id,
    color: 'yellow',
    title: i18n.t('common.retry_toast.title'),
    message: <RetryToastBody {...options} />,
    autoClose: false,
  });
}
