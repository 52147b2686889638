import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { WebhookDeliveryStatus, WebhookDisabledReason, WebhookEventType } from '@fleet/contract';
import { fleetEvents } from './schema-alerts.ts';
import { companies, users } from './schema-fleet.ts';

/** Integrators' endpoints and what was sent to them (docs/notifications.md "Webhooks"). */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    /** Null: every company's events, for an owner of the maker's staff. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** Who set it up: told when it is turned off; an endpoint of every company needs their rights. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    url: varchar('url', { length: 2000 }).notNull(),
    eventTypes: jsonb('event_types').$type<WebhookEventType[]>().notNull(),
    /** Kept as it is to sign with; answered only when made (creation, rotation). */
    secret: varchar('secret', { length: 100 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: varchar('disabled_reason', { length: 32 }).$type<WebhookDisabledReason>(),
    disabledAt: at('disabled_at'),
    /** Deliveries that ended failed since the last one delivered. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** The first failed attempt since the last one that succeeded; null while it answers. */
    failingSince: at('failing_since'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_company_idx').on(table.companyId)],
);

/** One event for one endpoint, made once in the transaction that dispatches the event. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => fleetEvents.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    /** The node sending it and until when: a lease run out (the node died) makes it due again. */
    lockedBy: varchar('locked_by', { length: 128 }),
    lockedUntil: at('locked_until'),
    /** Its retries stop 24 hours after this. */
    firstAttemptAt: at('first_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: at('created_at').notNull().defaultNow(),
    deliveredAt: at('delivered_at'),
  },
  (table) => [
    unique('webhook_deliveries_endpoint_event_unique').on(table.endpointId, table.eventId),
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} in ('pending', 'delivering')`),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.id),
    index('webhook_deliveries_event_idx').on(table.eventId),
    index('webhook_deliveries_created_idx').on(table.createdAt),
  ],
);

/** Each time a delivery was sent: what the receiver answered, or why nothing came. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: at('at').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    /** The start of the receiver's answer, at most 1 kB. */
    responseExcerpt: varchar('response_excerpt', { length: 1024 }),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.id)],
);
