import type { FleetEvent } from './notifications.ts';

/** How a reader writes an instant (their language, zone and format) and an order's status (translated). */
export interface NotificationWriting {
  instant(iso: string): string;
  day(iso: string): string;
  orderStatus(status: string): string;
}

/**
 * What a notification says, as a translation key of the `notifications` area and its values: one
 * sentence per event, the same in the console and in e-mails.
 */
export function notificationMessage(
  event: Pick<FleetEvent, 'type' | 'data'>,
  writing: NotificationWriting,
): { key: string; values: Record<string, string | number> } {
  const data = event.data as Record<string, string | number | null | undefined>;
  const text = (name: string) => String(data[name] ?? '');
  const serialNumber = text('serialNumber');
  switch (event.type) {
    case 'device.offline':
      return {
        key: 'events.device_offline',
        values: {
          serialNumber,
          minutes: Number(data.minutes),
          since: writing.instant(text('lastHeartbeat')),
        },
      };
    case 'device.online':
      return {
        key: 'events.device_online',
        values: { serialNumber, since: writing.instant(text('offlineSince')) },
      };
    case 'calibration.expiring':
      return {
        key: 'events.calibration_expiring',
        values: {
          serialNumber,
          date: writing.day(text('endOfValidity')),
          certificate: text('certificateNumber'),
        },
      };
    case 'calibration.expired':
      return {
        key: 'events.calibration_expired',
        values: {
          serialNumber,
          date: writing.day(text('endOfValidity')),
          certificate: text('certificateNumber'),
        },
      };
    case 'job.created':
      return { key: 'events.job_created', values: { serialNumber, jobId: text('jobId') } };
    case 'job.failed':
      return {
        key: data.reason === 'calibration-check' ? 'events.job_failed_check' : 'events.job_failed_result',
        values: { serialNumber, jobId: text('jobId') },
      };
    case 'job.corrupted':
      return { key: 'events.job_corrupted', values: { serialNumber } };
    case 'rollout.stopped':
    case 'rollout.finished':
      return {
        key: event.type === 'rollout.stopped' ? 'events.rollout_stopped' : 'events.rollout_finished',
        values: { version: text('version'), deviceType: text('deviceType') },
      };
    case 'task.finished':
    case 'task.failed':
      return {
        key: event.type === 'task.finished' ? 'events.task_finished' : 'events.task_failed',
        values: { description: text('description') },
      };
    case 'order.status-changed':
    case 'order.needs-action':
      return {
        key:
          event.type === 'order.needs-action' ? 'events.order_needs_action' : 'events.order_status_changed',
        values: { number: text('number'), status: writing.orderStatus(text('status')) },
      };
    case 'webhook.disabled':
      return {
        key: 'events.webhook_disabled',
        values: { url: text('url'), failures: Number(data.failures) },
      };
  }
}
