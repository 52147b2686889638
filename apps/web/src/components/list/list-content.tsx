import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CallLoading } from '../call-state';

interface ListContentProps<T> {
  /** null while the first answer is awaited. */
  items: readonly T[] | null;
  /** The call failed and there is nothing to show; the error itself goes to the error toast. */
  failed: boolean;
  children: (items: readonly T[]) => ReactNode;
  /** What an empty list says, where 'no data, check the filters' does not fit (a list without filters). */
  empty?: { title: string; text?: string };
}

function Empty({ title, text }: { title: string; text?: string }) {
  return (
    <Stack align="center" gap={4} py="xl" ta="center">
      <Text fw={600}>{title}</Text>
      {text && (
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      )}
    </Stack>
  );
}

/** The states every list has: loading, failed, empty, or its items. */
export function ListContent<T>({ items, failed, children, empty }: ListContentProps<T>) {
  const { t } = useTranslation();
  if (failed) return <Empty title={t('list.states.no_data')} text={t('list.states.failed')} />;
  if (items === null) return <CallLoading />;
  if (items.length === 0) {
    return (
      <Empty {...(empty ?? { title: t('list.states.no_data'), text: t('list.states.check_filters') })} />
    );
  }
  return <>{children(items)}</>;
}
