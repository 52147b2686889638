import { TASKS_LIST } from '@fleet/contract';
import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CursorPager } from '../../components/list/cursor-pager';
import { ListContent } from '../../components/list/list-content';
import { ListControls } from '../../components/list/list-controls';
import { TaskList } from '../../components/tasks/task-list';
import { useCursorPosition } from '../../hooks/use-cursor-position';
import { useErrorToastOnce } from '../../hooks/use-error-toast-once';
import { useListState } from '../../hooks/use-list-state';
import { pendingTasksQueryOptions, tasksQueryOptions } from '../../lib/endpoints/tasks';
import { cursorListRequest } from '../../lib/list-request';
import { keptWhileOffline } from '../../components/list/kept-while-offline';

/** The pending-task viewer (platform §2, §9): the five most recent tasks that have not ended. */
function PendingTasks() {
  const { t } = useTranslation();
  const pending = useQuery(pendingTasksQueryOptions());
  const tasks = pending.data?.data;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="pending-tasks">
      <Title order={2} size="h4" id="pending-tasks" mb="sm">
        {t('tasks.viewer.title')}
      </Title>
      {pending.isError && !tasks && <Text c="red">{t('tasks.viewer.failed')}</Text>}
      {tasks?.length === 0 && <Text c="dimmed">{t('tasks.viewer.empty')}</Text>}
      {tasks && <TaskList tasks={tasks} />}
    </Card>
  );
}

/** Route /tasks/list: the pending ones first, then every task of the user, newest first, cursor-paged. */
export function TasksPage() {
  const { t } = useTranslation();
  const [list, dispatch] = useListState(TASKS_LIST, 'tasks');
  const query = cursorListRequest(list);
  const tasks = useQuery({ ...tasksQueryOptions(query), placeholderData: keptWhileOffline });
  useErrorToastOnce(tasks, { action: 'tasks.list', resetKey: list.sortOrder });
  const { follow } = useCursorPosition(
    cursorListRequest({ ...list, cursor: null }).toString(),
    list.cursor,
    dispatch,
  );
  const failed = tasks.isError && !tasks.data;
  return (
    <Stack gap="lg">
      <PendingTasks />
      <Stack gap="sm" component="section" aria-labelledby="all-tasks">
        <Title order={2} size="h4" id="all-tasks">
          {t('tasks.list.title')}
        </Title>
        <ListControls
          list={list}
          dispatch={dispatch}
          columns={[{ value: 'PostedDateTime', label: t('tasks.list.posted') }]}
        />
        <ListContent
          items={tasks.data?.tasks ?? null}
          failed={failed}
          call={tasks}
          empty={{ title: t('tasks.list.empty_title'), text: t('tasks.list.empty') }}
          skeleton={{ kind: 'rows', count: 5 }}
        >
          {(shown) => (
            <Card withBorder radius="md" padding="md">
              <TaskList tasks={shown} />
            </Card>
          )}
        </ListContent>
        <CursorPager paging={tasks.data?.paging ?? null} onCursor={follow} failed={failed} />
      </Stack>
    </Stack>
  );
}
