import { TASK_CANCELLED, TASK_STATUS, taskActions, type Task, type TaskAction } from '@fleet/contract';
import { Badge, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../hooks/use-date-format';
import { useTaskActions } from '../../hooks/use-task-actions';

const STATUS_COLOR: Record<number, string> = {
  [TASK_STATUS.RUNNING]: 'blue',
  [TASK_STATUS.DONE]: 'teal',
  [TASK_STATUS.ENDED]: 'red',
  [TASK_STATUS.RETRYING]: 'orange',
};

function TaskProgress({ task }: { task: Task }) {
  const { t, i18n } = useTranslation();
  if (task.status !== TASK_STATUS.RUNNING) return null;
  const { done = 0, total = 0 } = task.progress ?? {};
  const percent = total > 0 ? Math.round((done / total) * 100) : 0;
  const number = (value: number) => value.toLocaleString(i18n.resolvedLanguage);
  return (
    <Group gap="xs" wrap="nowrap">
      <Loader size="xs" aria-hidden />
      <Progress
        value={percent}
        flex={1}
        aria-label={t('tasks.progress_label', { description: task.description })}
        animated
      />
      <Text size="xs" c="dimmed" miw={90} ta="right">
        {t('tasks.progress', { done: number(done), total: number(total) })}
      </Text>
    </Group>
  );
}

/**
 * One task as the dropdown and the tasks page show it: what it is, its status and progress, and the
 * actions of its status (platform §4; the download of an ended task shows, disabled).
 */
export function TaskItem({ task }: { task: Task }) {
  const { t } = useTranslation();
  const date = useDateFormat();
  const { run, isBusy } = useTaskActions();
  const actions = taskActions(task.status);
  const button = (action: TaskAction, disabled = false) => (
    <Button
      key={action}
      size="compact-xs"
      variant={action === 'download' ? 'filled' : 'light'}
      color={action === 'cancel' ? 'red' : undefined}
      disabled={disabled}
      loading={isBusy(task, action)}
      onClick={() => void run(task, action)}
      aria-label={t(`tasks.actions.${action}_label`, { description: task.description })}
    >
      {t(`tasks.actions.${action}`)}
    </Button>
  );
  return (
    <Stack gap={4} component="article" aria-label={task.description}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} truncate>
            {task.description}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {task.name} · {date.long(task.postedDateTime)}
          </Text>
        </Stack>
        <Badge color={STATUS_COLOR[task.status] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
          {t(`tasks.status.${task.status}`)}
        </Badge>
      </Group>
      <TaskProgress task={task} />
      {task.error && (
        <Text size="xs" c={task.status === TASK_STATUS.ENDED ? 'red' : 'orange'}>
          {task.error === TASK_CANCELLED ? t('tasks.cancelled') : task.error}
        </Text>
      )}
      {(actions.length > 0 || task.status === TASK_STATUS.ENDED) && (
        <Group gap="xs">
          {task.status === TASK_STATUS.ENDED && button('download', true)}
          {actions.map((action) => button(action))}
        </Group>
      )}
    </Stack>
  );
}
