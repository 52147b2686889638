import { TIMING } from '@fleet/contract';
import { notifications } from '@mantine/notifications';

/**
 * The one way screens tell that an action succeeded: a toast that hides after 5 s. With an id, it takes
 * the place of the one shown under that id.
 */
export function showSuccess(message: string, id?: string): void {
  if (id) notifications.hide(id);
  notifications.show({ id, color: 'teal', message, autoClose: TIMING.toastMs });
}
