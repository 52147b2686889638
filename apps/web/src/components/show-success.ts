import { TIMING } from '@fleet/contract';
import { notifications } from '@mantine/notifications';

/** The one way screens tell that an action succeeded: a toast that hides after 5 s. */
export function showSuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: TIMING.toastMs });
}
