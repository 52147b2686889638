import type { Task, TaskAction } from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../components/show-error';
import { ApiError } from '../lib/api';
import { followDownloadLink } from '../lib/download';
import { TASKS_KEY, archiveTask, cancelTask, respawnTask, taskDownloadLink } from '../lib/endpoints/tasks';

const CALLS: Record<TaskAction, (requestId: string) => Promise<unknown>> = {
  respawn: respawnTask,
  cancel: cancelTask,
  archive: archiveTask,
  download: async (requestId) => followDownloadLink((await taskDownloadLink(requestId)).mediaLink),
};

/** Spec §8: a download whose file is gone (410, or 503) says so; other failures ask to try later. */
function titleKeyOf(action: TaskAction, error: unknown): string {
  if (action !== 'download') return `tasks.errors.${action}`;
  const gone = error instanceof ApiError && (error.status === 410 || error.status === 503);
  return gone ? 'tasks.errors.file_gone' : 'tasks.errors.download';
}

/** The actions of a task (platform §4): after one succeeds, every task list reloads. */
export function useTaskActions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const run = useCallback(
    async (task: Task, action: TaskAction) => {
      setBusy(`${task.requestId}:${action}`);
      try {
        await CALLS[action](task.requestId);
        await queryClient.invalidateQueries({ queryKey: TASKS_KEY });
      } catch (error) {
        showError(error, `tasks.${action}`, {
          titleKey: titleKeyOf(action, error),
          detail: t('tasks.errors.request', { id: task.requestId }),
        });
      } finally {
        setBusy(null);
      }
    },
    [queryClient, t],
  );
  const isBusy = useCallback(
    (task: Task, action: TaskAction) => busy === `${task.requestId}:${action}`,
    [busy],
  );
  return { run, isBusy };
}
