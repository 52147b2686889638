import { TIMING } from '@fleet/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnection, useConnectionMonitor } from '../hooks/use-connection';
import { useDateFormat } from '../hooks/use-date-format';
import { useSecondsUntil } from '../hooks/use-seconds-until';

/** Whether `at` is less than `ms` ago, turning false by itself when that time is over. */
function useRecent(at: number | null, ms: number): boolean {
  const [over, setOver] = useState<number | null>(null);
  useEffect(() => {
    if (at === null) return;
    const timer = setTimeout(() => setOver(at), Math.max(0, at + ms - Date.now()));
    return () => clearTimeout(timer);
  }, [at, ms]);
  return at !== null && over !== at;
}

/**
 * The console-wide word on the connection: while the server does not answer (or answers that it cannot
 * serve: 503, its database out of reach), an alert says so, that
 * what is shown is stale, when it will ask again, and offers to retry now; when it answers again, a
 * short status says the data is being refreshed.
 */
export function ConnectionBanner() {
  const { t } = useTranslation();
  const date = useDateFormat();
  const monitor = useConnectionMonitor();
  const { offline, unavailable, since, nextProbeAt, restoredAt } = useConnection();
  const seconds = useSecondsUntil(offline ? nextProbeAt : null);
  const restored = useRecent(offline ? null : restoredAt, TIMING.toastMs);

  if (offline) {
    return (
      <Alert
        role="alert"
        color="orange"
        variant="filled"
        title={t(unavailable ? 'connection.banner.unavailable_title' : 'connection.banner.offline_title')}
        mb="md"
        style={{ position: 'sticky', top: 'var(--app-shell-header-offset, 0px)', zIndex: 150 }}
      >
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm">
            {t('connection.banner.offline_text', { date: since ? date.long(new Date(since)) : '' })}{' '}
            {seconds === null
              ? t('connection.banner.checking')
              : t('connection.banner.next_check', { seconds })}
          </Text>
          <Button
            size="compact-sm"
            variant="white"
            color="orange"
            loading={seconds === null}
            onClick={() => void monitor.probeNow()}
          >
            {t('connection.banner.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (restored) {
    return (
      <Alert role="status" color="teal" variant="light" mb="md" title={t('connection.banner.restored_title')}>
        <Text size="sm">{t('connection.banner.restored_text')}</Text>
      </Alert>
    );
  }
  return null;
}
