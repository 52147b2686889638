import { Alert, Button, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectionMonitor } from '../hooks/use-connection';
import { useFreshness } from '../hooks/use-freshness';
import { isUnreachable } from '../lib/connection-monitor';
import { StaleMark } from './list/stale-mark';
import { errorText } from './show-error';

export function CallError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t('common.call_state.failed')} role="alert">
      <Text size="sm">{errorText(error)}</Text>
      <Button mt="sm" size="compact-sm" variant="light" color="red" onClick={onRetry}>
        {t('common.actions.retry')}
      </Button>
    </Alert>
  );
}

/** Placeholders where the content will come, so that the page keeps its layout while it loads. */
export function CallLoading() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" py="md" role="status" aria-busy="true">
      <VisuallyHidden>{t('list.states.loading')}</VisuallyHidden>
      <Skeleton height={20} width="40%" radius="sm" aria-hidden="true" />
      <Skeleton height={14} width="90%" radius="sm" aria-hidden="true" />
      <Skeleton height={14} width="75%" radius="sm" aria-hidden="true" />
      <Skeleton height={14} width="60%" radius="sm" aria-hidden="true" />
    </Stack>
  );
}

/**
 * Spec §8: a detail shows placeholders, then its data, or an error block from the call state with a
 * retry. Data kept through a failed refresh or an outage stays, marked stale with the time it was loaded.
 */
export function CallState<T>({
  call,
  children,
}: {
  call: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const monitor = useConnectionMonitor();
  const freshness = useFreshness(call);
  const retry = () => {
    if (isUnreachable(call.error)) void monitor.probeNow();
    void call.refetch();
  };
  if (call.isPending) return <CallLoading />;
  if (call.data === undefined) return <CallError error={call.error} onRetry={retry} />;
  return (
    <>
      {freshness.stale && <StaleMark loadedAt={freshness.loadedAt} onRetry={retry} />}
      {children(call.data)}
    </>
  );
}
