import {
  PENDING_TASK_STATUSES,
  TASK_PAGE_SIZE,
  readCursorPaging,
  taskDownloadAnswerSchema,
  taskListAnswerSchema,
  taskSchema,
  type CursorPaging,
  type Task,
  type TaskAction,
} from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, apiResponse, noContent } from '../api';
import { followDownloadLink } from '../download';

/** Every tasks query starts with this key: a new task or an action refreshes them all. */
export const TASKS_KEY = ['tasks'] as const;

/** While a task has not ended, its progress is followed at this pace. */
export const TASK_PROGRESS_MS = 2000;

export const isPending = (task: Task) => (PENDING_TASK_STATUSES as readonly number[]).includes(task.status);

const followWhilePending = (tasks: readonly Task[] | undefined) =>
  tasks?.some(isPending) ? TASK_PROGRESS_MS : false;

export interface TaskPage {
  tasks: Task[];
  paging: CursorPaging;
}

/** A page of the user's tasks, newest first. */
export function tasksQueryOptions(
  query: URLSearchParams = new URLSearchParams({ PageSize: String(TASK_PAGE_SIZE) }),
) {
  return queryOptions({
    queryKey: [...TASKS_KEY, 'list', query.toString()],
    queryFn: async ({ signal }): Promise<TaskPage> => {
      const { data, headers } = await apiResponse(`/Task?${query}`, { schema: taskListAnswerSchema, signal });
      return { tasks: data.data, paging: readCursorPaging((name) => headers.get(name)) };
    },
    refetchInterval: (current) => followWhilePending(current.state.data?.tasks),
  });
}

/** The pending-task viewer: the five most recent tasks that have not ended. */
export function pendingTasksQueryOptions() {
  return queryOptions({
    queryKey: [...TASKS_KEY, 'pending'],
    queryFn: ({ signal }) => apiRequest('/Task/list-viewer', { schema: taskListAnswerSchema, signal }),
    refetchInterval: (current) => followWhilePending(current.state.data?.data),
  });
}

const path = (requestId: string) => `/Task/${encodeURIComponent(requestId)}`;

const CALLS: Record<TaskAction, (requestId: string) => Promise<unknown>> = {
  respawn: (requestId) => apiRequest(`${path(requestId)}/respawn`, { method: 'POST', schema: taskSchema }),
  cancel: (requestId) => apiRequest(`${path(requestId)}/cancel`, { method: 'POST', schema: taskSchema }),
  archive: (requestId) => apiRequest(path(requestId), { method: 'DELETE', schema: noContent }),
  // A fresh link each time: links expire after 15 minutes.
  download: async (requestId) => {
    const { mediaLink } = await apiRequest(`${path(requestId)}/download`, {
      schema: taskDownloadAnswerSchema,
    });
    followDownloadLink(mediaLink);
  },
};

/** An action on a task (platform §4): once it succeeds, every task list reloads. */
export const taskActionMutation = mutationOptions({
  mutationKey: [...TASKS_KEY, 'action'],
  mutationFn: ({ requestId, action }: { requestId: string; action: TaskAction }) => CALLS[action](requestId),
  meta: { changes: [TASKS_KEY] },
});
