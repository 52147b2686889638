import { TIMING } from '@fleet/contract';
import { notifications } from '@mantine/notifications';

/** Tells why an action is not offered now, in a toast that hides as an error's does. */
export function showWarning(message: string): void {
  notifications.show({ color: 'orange', message, autoClose: TIMING.errorToastMs });
}
