import type { Task, TaskAction } from '@fleet/contract';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../components/show-error';
import { ApiError } from '../lib/api';
import { taskActionMutation } from '../lib/endpoints/tasks';

/** Spec §8: a download whose file is gone (410, or 503) says so; other failures ask to try later. */
function titleKeyOf(action: TaskAction, error: unknown): string {
  if (action !== 'download') return `tasks.errors.${action}`;
  const gone = error instanceof ApiError && (error.status === 410 || error.status === 503);
  return gone ? 'tasks.errors.file_gone' : 'tasks.errors.download';
}

/** The actions of a task (platform §4): after one succeeds, every task list reloads. */
export function useTaskActions() {
  const { t } = useTranslation();
  const { mutateAsync, isPending, variables } = useMutation(taskActionMutation);
  const run = useCallback(
    async (task: Task, action: TaskAction) => {
      try {
        await mutateAsync({ requestId: task.requestId, action });
      } catch (error) {
        showError(error, `tasks.${action}`, {
          titleKey: titleKeyOf(action, error),
          detail: t('tasks.errors.request', { id: task.requestId }),
        });
      }
    },
    [mutateAsync, t],
  );
  const isBusy = useCallback(
    (task: Task, action: TaskAction) =>
      isPending && variables?.requestId === task.requestId && variables.action === action,
    [isPending, variables],
  );
  return { run, isBusy };
}
