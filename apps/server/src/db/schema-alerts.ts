import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { AlertChannel } from '@fleet/contract';
import { companies, series, users } from './schema-fleet.ts';

/** Alerts, notifications and their sources (docs/notifications.md). */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * What happened that someone may need to hear of: written once per fact (`dedupe_key`), then fanned out
 * to the users whose rules it matches, each event taken by one node (`dispatched_at`).
 */
export const fleetEvents = pgTable(
  'fleet_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: varchar('type', { length: 48 }).notNull(),
    version: smallint('version').notNull(),
    occurredAt: at('occurred_at').notNull().defaultNow(),
    /** Whose record it is: the users of this company (and the staff) may hear of it. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** For an event that concerns one user alone (their export): only they hear of it. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The rule threshold it was found with (minutes offline, days before expiry), else null. */
    threshold: integer('threshold'),
    recordType: varchar('record_type', { length: 32 }).notNull(),
    recordId: varchar('record_id', { length: 128 }).notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    dispatchedAt: at('dispatched_at'),
  },
  (table) => [
    index('fleet_events_waiting_idx')
      .on(table.id)
      .where(sql`${table.dispatchedAt} is null`),
    index('fleet_events_occurred_idx').on(table.occurredAt),
  ],
);

/** How far each source of events has read (a time or an id), taken by one node at a time. */
export const alertSources = pgTable('alert_sources', {
  name: varchar('name', { length: 64 }).primaryKey(),
  readUpTo: at('read_up_to').notNull(),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
});

/** A user's subscriptions; a user without a row in `alert_preferences` has their roles' defaults. */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 48 }).notNull(),
    threshold: integer('threshold'),
    channel: varchar('channel', { length: 16 }).$type<AlertChannel>().notNull(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    /** Notifications held back by the hourly cap, counted from `held_back_since`. */
    heldBack: integer('held_back').notNull().default(0),
    heldBackSince: at('held_back_since'),
  },
  (table) => [
    index('alert_rules_kind_idx').on(table.kind, table.userId),
    index('alert_rules_user_idx').on(table.userId),
  ],
);

/** Users who chose their own rules: from then on their rows in `alert_rules` are all there is. */
export const alertPreferences = pgTable('alert_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  savedAt: at('saved_at').notNull().defaultNow(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => fleetEvents.id, { onDelete: 'cascade' }),
    /** Null for a default rule, or once its rule is removed. */
    ruleId: integer('rule_id').references(() => alertRules.id, { onDelete: 'set null' }),
    channel: varchar('channel', { length: 16 }).$type<AlertChannel>().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    readAt: at('read_at'),
    /** When its e-mail (alone or in the digest) was sent; null while one is due. */
    emailedAt: at('emailed_at'),
  },
  (table) => [
    unique('notifications_user_event_unique').on(table.userId, table.eventId),
    index('notifications_user_idx').on(table.userId, table.id),
    index('notifications_unread_idx')
      .on(table.userId, table.id)
      .where(sql`${table.readAt} is null`),
    index('notifications_mail_idx')
      .on(table.channel, table.id)
      .where(sql`${table.channel} <> 'console' and ${table.emailedAt} is null`),
    index('notifications_user_kind_idx').on(table.userId, table.ruleId, table.createdAt),
  ],
);

/** Devices whose going silent was told: their return is told once, then the row goes. */
export const deviceAlertStates = pgTable('device_alert_states', {
  seriesId: integer('series_id')
    .primaryKey()
    .references(() => series.id, { onDelete: 'cascade' }),
  /** The last heartbeat before the silence. */
  silentSince: at('silent_since').notNull(),
  /** The event id that told it, to link the return to it. */
  eventId: bigint('event_id', { mode: 'number' }),
});
