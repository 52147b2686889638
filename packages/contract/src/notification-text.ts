import type { FleetEvent } from './notifications.ts';

/** How a reader writes an instant (their language, zone and format) and an order's status (translated). */
export interface NotificationWriting {
  instant(iso: string): string;
  day(iso: string): string;
  orderStatus(status: string): string;
}

/**
 * What a notification says, as a translation key of the `notifications` area and its values (a `count`
 * chooses the plural form): one sentence per event, the same in the console and in e-mails.
 */
export function notificationMessage(
  event: Pick<FleetEvent, 'type' | 'data'>,
  writing: NotificationWriting,
): { key: string; values: Record<string, string | number> } {
  const data = event.data as Record<string, string | number | null | undefined>;
  const text = (name: string) => String(data[name] ?? '');
  const serialNumber = text('serialNumber');
  const say = (key: string, values: Record<string, string | number>) => ({ key: `event.${key}`, values });
  switch (event.type) {
    case 'device.offline':
      return say('device.offline', { serialNumber, count: Number(data.minutes) });
    case 'device.online':
      return say('device.online', { serialNumber, since: writing.instant(text('offlineSince')) });
    case 'calibration.expiring':
    case 'calibration.expired':
      return say(event.type, { serialNumber, date: writing.day(text('endOfValidity')) });
    case 'job.created':
    case 'job.corrupted':
      return say(event.type, { serialNumber, jobId: text('jobId') });
    case 'job.failed':
      return say(data.reason === 'calibration-check' ? 'job.failed_calibration_check' : 'job.failed_result', {
        serialNumber,
        jobId: text('jobId'),
      });
    case 'rollout.stopped':
    case 'rollout.finished':
      return say(event.type, { version: text('version'), deviceType: text('deviceType') });
    case 'task.finished':
    case 'task.failed':
      return say(event.type, { description: text('description') });
    case 'order.status-changed':
    case 'order.needs-action':
      return say(event.type === 'order.needs-action' ? 'order.needs_action' : 'order.status_changed', {
        number: text('number'),
        status: writing.orderStatus(text('status')),
      });
    case 'webhook.disabled':
      return say('webhook.disabled', { url: text('url'), count: Number(data.failures) });
  }
}
