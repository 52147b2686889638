import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnection, useConnectionMonitor } from '../../hooks/use-connection';
import { useFreshness } from '../../hooks/use-freshness';
import { isUnreachable } from '../../lib/connection-monitor';
import { errorText } from '../show-error';
import { ListSkeleton, type ListSkeletonShape } from './list-skeleton';
import { StaleMark } from './stale-mark';

/** What the list engine needs of a list's read (a TanStack query result fits). */
export interface ListCall {
  data: unknown;
  error: unknown;
  isError: boolean;
  dataUpdatedAt: number;
  /** What is shown is the answer to an earlier request, kept while the server does not answer. */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
}

interface ListContentProps<T> {
  /** null while the first answer is awaited. */
  items: readonly T[] | null;
  /** The call failed and there is nothing to show. */
  failed: boolean;
  children: (items: readonly T[]) => ReactNode;
  /** What an empty list without filters says ("no devices yet"); by default 'no data, check the filters'. */
  empty?: { title: string; text?: string };
  /**
   * The list's read: a failure then shows its error with Retry, and data kept through a failed refresh
   * or an outage is marked stale with the time it was loaded.
   */
  call?: ListCall;
  /**
   * The list's filters: with some set, an empty list says that nothing matches them and offers to
   * clear them; `title` is that sentence for this list ("no device matches these filters").
   */
  filters?: { active: boolean; onClear: () => void; title?: string };
  /** The placeholders shown while loading, in the shape of the items. */
  skeleton?: ListSkeletonShape;
  /** The list is not asked for, and why (filters the server would refuse). */
  blocked?: { title: string; text: string } | null;
  /** The list is about to show another page (an out-of-range page being corrected): still loading. */
  settling?: boolean;
}

function Empty({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <Stack align="center" gap={4} py="xl" ta="center">
      <Text fw={600}>{title}</Text>
      {text && (
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      )}
      {action}
    </Stack>
  );
}

/**
 * The states every list has, in one place: loading (placeholders in the items' shape), failed (the
 * error with Retry), empty (saying why: nothing yet, or nothing matching the filters, with Clear
 * filters), or its items, marked stale when they could not be refreshed.
 */
export function ListContent<T>(props: ListContentProps<T>) {
  const { items, failed, children, empty, call, filters, skeleton, blocked, settling = false } = props;
  const { t } = useTranslation();
  const monitor = useConnectionMonitor();
  const { offline } = useConnection();
  const freshness = useFreshness(call);
  // Without its call, a list still knows that nothing can be current while the server is away.
  const stale = call ? freshness.stale : offline && items !== null;
  const filtered = filters?.active ?? false;
  const clear = filtered && filters && (
    <Button size="compact-sm" variant="light" mt="xs" onClick={filters.onClear}>
      {t('list.states.clear_filters')}
    </Button>
  );
  const retry = () => {
    // Out of reach: ask the server first; every failed read is asked again once it answers.
    if (call && isUnreachable(call.error)) void monitor.probeNow();
    void call?.refetch();
  };

  if (blocked) return <Empty title={blocked.title} text={blocked.text} action={clear} />;
  if (failed) {
    return (
      <Alert role="alert" color="red" title={t('list.states.failed')} my="md">
        <Text size="sm">{call ? errorText(call.error) : t('list.states.no_data')}</Text>
        <Group gap="xs">
          {call && (
            <Button mt="xs" size="compact-sm" variant="light" color="red" onClick={retry}>
              {t('common.actions.retry')}
            </Button>
          )}
          {clear}
        </Group>
      </Alert>
    );
  }
  if (items === null || settling) return <ListSkeleton shape={skeleton} />;
  if (items.length === 0) {
    if (filtered) {
      return (
        <Empty
          title={filters?.title ?? t('list.states.no_match')}
          text={t('list.states.no_match_text')}
          action={clear}
        />
      );
    }
    return (
      <Empty {...(empty ?? { title: t('list.states.no_data'), text: t('list.states.check_filters') })} />
    );
  }
  return (
    <>
      {stale && (
        <StaleMark
          loadedAt={freshness.loadedAt}
          kept={call?.isPlaceholderData ?? false}
          onRetry={call ? retry : () => void monitor.probeNow()}
        />
      )}
      {children(items)}
    </>
  );
}
