import type { LiveTask } from '@fleet/contract';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A task running on a connected device: what it is, its progress and its last message. */
export function TaskProgress({ task, compact = false }: { task: LiveTask; compact?: boolean }) {
  const { t } = useTranslation();
  const label = t(`hub.tasks.${task.kind}`);
  return (
    <Stack gap={4} miw={compact ? 120 : undefined}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {label}
        </Text>
        {task.percent !== null && (
          <Text size="sm" c="dimmed">
            {task.percent} %
          </Text>
        )}
      </Group>
      <Progress
        value={task.percent ?? 100}
        animated
        striped={task.percent === null}
        aria-label={t('hub.tasks.progress', { task: label, percent: task.percent ?? '' })}
      />
      {!compact && task.message && (
        <Text size="xs" c="dimmed">
          {task.message}
        </Text>
      )}
    </Stack>
  );
}
