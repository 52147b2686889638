import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The list's count line, with a small spinner while the list reloads in place. */
export function ListSummary({ text, refreshing }: { text: string | null; refreshing: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" mih={36}>
      {text !== null && <Text fw={600}>{text}</Text>}
      {refreshing && <Loader size="xs" role="status" aria-label={t('list.states.refreshing')} />}
    </Group>
  );
}
