import { ActionIcon, Anchor, Box, Group, Indicator, Popover, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TasksIcon } from '../../components/icons';
import { TaskList } from '../../components/tasks/task-list';
import { closeTaskQueued } from '../../components/tasks/task-queued-toast';
import { paths } from '../../config/paths';
import { isPending, tasksQueryOptions } from '../../lib/endpoints/tasks';

/** Spec §9: the task dropdown is 520 px wide (narrower screens: their width). */
const WIDTH = 520;

/** The user's latest tasks with their live progress and actions, and a link to all of them. */
export function TaskMenuDropdown() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const tasks = useQuery(tasksQueryOptions());
  const list = tasks.data?.tasks ?? [];
  const pending = list.filter(isPending).length;
  const toggle = () => {
    if (!opened) closeTaskQueued();
    setOpened(!opened);
  };
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
        <ActionIcon
          variant="subtle"
          size="lg"
          // The badge reaches past the button's corner: ActionIcon would clip it.
          style={{ overflow: 'visible' }}
          onClick={toggle}
          aria-label={t('tasks.menu.button', { count: pending })}
        >
          <Indicator label={pending} size={16} disabled={pending === 0} offset={-2}>
            <TasksIcon />
          </Indicator>
        </ActionIcon>
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
        {/* The page's own scrolling: a bar only when the tasks overflow, never beside a single one. */}
        <Box mah={420} pr="xs" style={{ overflowY: 'auto' }}>
          <TaskList tasks={list} />
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
