import { Alert, Button, Center, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

export function CallLoading() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status">
      <Loader size="sm" mr="sm" />
      <Text>{t('list.states.loading')}</Text>
    </Center>
  );
}

/** Spec §8: a detail shows a loader, then its data, or an error block from the call state with a retry. */
export function CallState<T>({
  call,
  children,
}: {
  call: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (call.isPending) return <CallLoading />;
  if (call.isError) return <CallError error={call.error} onRetry={() => void call.refetch()} />;
  return <>{children(call.data)}</>;
}
