import { TASK_PAGE_SIZE } from '@fleet/contract';
import {
  ActionIcon,
  Anchor,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TasksIcon } from '../../components/icons';
import { TaskItem } from '../../components/tasks/task-item';
import { paths } from '../../config/paths';
import { isPending, tasksQueryOptions } from '../../lib/endpoints/tasks';

/** Spec §9: the task dropdown is 520 px wide (narrower screens: their width). */
const WIDTH = 520;

/** The user's latest tasks with their live progress and actions, and a link to all of them. */
export function TaskMenuDropdown() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const tasks = useQuery(tasksQueryOptions(new URLSearchParams({ PageSize: String(TASK_PAGE_SIZE) })));
  const list = tasks.data?.tasks ?? [];
  const pending = list.filter(isPending).length;
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width={WIDTH}
      withinPortal
      shadow="md"
      styles={{ dropdown: { maxWidth: 'calc(100vw - 16px)' } }}
    >
      <Popover.Target>
        <Indicator label={pending} size={16} disabled={pending === 0} offset={4}>
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={() => setOpened((open) => !open)}
            aria-label={t('tasks.menu.button', { count: pending })}
            aria-expanded={opened}
          >
            <TasksIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Group justify="space-between" mb="xs">
          <Text fw={700}>{t('tasks.menu.title')}</Text>
          <Anchor component={Link} to={paths.tasksList.path} size="sm" onClick={() => setOpened(false)}>
            {t('tasks.menu.all')}
          </Anchor>
        </Group>
        {tasks.isError && !tasks.data && <Text c="red">{t('tasks.list.failed')}</Text>}
        {tasks.data && list.length === 0 && <Text c="dimmed">{t('tasks.list.empty')}</Text>}
        <ScrollArea.Autosize mah={420} type="auto" scrollbars="y">
          <Stack gap="sm" pr="sm">
            {list.map((task, index) => (
              <Fragment key={task.requestId}>
                {index > 0 && <Divider />}
                <TaskItem task={task} />
              </Fragment>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
