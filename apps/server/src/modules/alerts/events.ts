import type { FleetEvent, FleetEventType } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import type { fleetEvents } from '../../db/schema.ts';

export type FleetEventRow = typeof fleetEvents.$inferSelect;

/** An event as notifications carry it and webhooks deliver it. */
export function fleetEventOf(row: FleetEventRow): FleetEvent {
  return {
    id: String(row.id),
    type: row.type as FleetEventType,
    version: row.version,
    occurredAt: row.occurredAt.toISOString(),
    data: row.data,
  };
}

/**
 * What is done with each event, in the transaction that marks it dispatched (docs/notifications.md):
 * the users' notifications, the webhooks' deliveries. `after` runs once that transaction committed.
 */
export interface EventConsumer {
  name: string;
  /** The event types it has a use for now (sources write no event nobody wants). */
  wants(db: Db): Promise<ReadonlySet<FleetEventType>>;
  /** The thresholds its rules ask for, by event type (device offline minutes, days before expiry). */
  thresholds?(db: Db): Promise<ReadonlyMap<FleetEventType, readonly number[]>>;
  consume(tx: Db, events: readonly FleetEventRow[]): Promise<(() => Promise<void>) | void>;
}
