import { notifications } from '@mantine/notifications';
import { showSuccess } from '../show-success';

const TASK_QUEUED_TOAST_ID = 'task-queued';

/** Tells that a task was queued, to be followed in the task list. */
export function showTaskQueued(message: string): void {
  showSuccess(message, TASK_QUEUED_TOAST_ID);
}

/** The task list is open: the toast pointing to it has done its work and would only cover it. */
export function closeTaskQueued(): void {
  notifications.hide(TASK_QUEUED_TOAST_ID);
}
