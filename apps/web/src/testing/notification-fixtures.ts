import type { FleetEventType, Notification } from '@fleet/contract';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** A notification of one event, `minutes` old, read or not. */
export function testNotification(
  id: number,
  type: FleetEventType,
  data: Record<string, unknown>,
  record: { type: string; id: string },
  { minutes = 5, read = false }: { minutes?: number; read?: boolean } = {},
): Notification {
  return {
    id,
    createdAt: minutesAgo(minutes),
    readAt: read ? minutesAgo(1) : null,
    event: { id: String(id + 100), type, version: 1, occurredAt: minutesAgo(minutes), data },
    record,
  };
}

export const deviceOffline = (
  id: number,
  serialNumber: string,
  options?: { minutes?: number; read?: boolean },
) =>
  testNotification(
    id,
    'device.offline',
    { serialNumber, companyId: null, lastHeartbeat: minutesAgo(65), minutes: 60 },
    { type: 'series', id: serialNumber },
    options,
  );

export const calibrationExpiring = (id: number, serialNumber: string, endOfValidity: string) =>
  testNotification(
    id,
    'calibration.expiring',
    { serialNumber, companyId: 'company-1', certificateNumber: 'C-1', endOfValidity, days: 30 },
    { type: 'series', id: serialNumber },
    { minutes: 60 * 26 },
  );

export const taskFinished = (id: number, options?: { read?: boolean }) =>
  testNotification(
    id,
    'task.finished',
    { taskId: 'task-7', description: 'Jobs export' },
    { type: 'task', id: 'task-7' },
    { minutes: 60 * 3, ...options },
  );

export const orderChanged = (id: number, orderId: number) =>
  testNotification(
    id,
    'order.status-changed',
    { orderId, number: 'A-0042', status: 'quote-requested', companyId: 'company-1' },
    { type: 'order', id: String(orderId) },
  );
