import { TIMING } from '@fleet/contract';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type LazyState<M> =
  { status: 'waiting' } | { status: 'slow' } | { status: 'ready'; module: M } | { status: 'timed-out' };

/**
 * A module loaded when first shown (jobs §9, the lazy drawer loader): nothing for the first 100 ms (most
 * loads end sooner, and a flash of a loader is noise), then a loader, and after 3 s a message with Retry.
 */
function useLazyModule<M>(load: () => Promise<M>) {
  const [state, setState] = useState<LazyState<M>>({ status: 'waiting' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let settled = false;
    const slow = setTimeout(() => !settled && setState({ status: 'slow' }), TIMING.lazyDrawerDelayMs);
    const timeout = setTimeout(() => {
      if (settled) return;
      settled = true;
      setState({ status: 'timed-out' });
    }, TIMING.lazyDrawerTimeoutMs);
    load().then(
      (module) => {
        if (settled) return;
        settled = true;
        setState({ status: 'ready', module });
      },
      () => {
        if (settled) return;
        settled = true;
        setState({ status: 'timed-out' });
      },
    );
    return () => {
      settled = true;
      clearTimeout(slow);
      clearTimeout(timeout);
    };
  }, [load, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'waiting' });
    setAttempt((count) => count + 1);
  }, []);
  return { state, retry };
}

interface LazyContentProps<M> {
  /** Loads the content's module (a dynamic import); keep it stable (a module-level function). */
  load: () => Promise<M>;
  children: (module: M) => ReactNode;
}

/** The content of a drawer, loaded when the drawer first shows it. */
export function LazyContent<M>({ load, children }: LazyContentProps<M>) {
  const { t } = useTranslation();
  const { state, retry } = useLazyModule(load);
  if (state.status === 'ready') return children(state.module);
  if (state.status === 'waiting') return null;
  if (state.status === 'slow')
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">{t('common.lazy.loading')}</Text>
      </Group>
    );
  return (
    <Alert color="red" role="alert" title={t('common.lazy.timed_out')}>
      <Button size="compact-sm" variant="light" color="red" onClick={retry}>
        {t('common.actions.retry')}
      </Button>
    </Alert>
  );
}
