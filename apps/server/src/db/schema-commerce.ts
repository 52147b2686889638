import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { OrderAddress, OrderLineKind, OrderStatus } from '@fleet/contract';
import { companies, users } from './schema-fleet.ts';

/** Services, orders and shopping (docs/commerce.md). Amounts are integers of the currency's minor units. */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const money = (name: string) => bigint(name, { mode: 'number' });

export const currencies = pgTable('currencies', {
  code: char('code', { length: 3 }).primaryKey(),
  name: text('name').notNull(),
  minorUnits: smallint('minor_units').notNull(),
  active: boolean('active').notNull().default(true),
});

export const productCategories = pgTable('product_categories', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 40 }).notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  active: boolean('active').notNull().default(true),
});

export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 40 }).notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  categoryId: integer('category_id')
    .notNull()
    .references(() => productCategories.id),
  /** calibration, part or service: chooses the revenue account. */
  kind: varchar('kind', { length: 16 }).notNull(),
  active: boolean('active').notNull().default(true),
});

export const skus = pgTable(
  'skus',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 40 }).notNull().unique(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    /** The device type a calibration SKU applies to; null: any type without its own. */
    deviceType: varchar('device_type', { length: 32 }),
    weightGrams: integer('weight_grams').notNull().default(0),
    tariffCode: varchar('tariff_code', { length: 16 }),
    originRegion: char('origin_region', { length: 2 }),
    active: boolean('active').notNull().default(true),
  },
  (table) => [index('skus_device_type_idx').on(table.deviceType)],
);

export const skuPrices = pgTable(
  'sku_prices',
  {
    skuId: integer('sku_id')
      .notNull()
      .references(() => skus.id, { onDelete: 'cascade' }),
    currency: char('currency', { length: 3 })
      .notNull()
      .references(() => currencies.code),
    amountMinor: money('amount_minor').notNull(),
  },
  (table) => [primaryKey({ columns: [table.skuId, table.currency] })],
);

export const paymentMethodTypes = pgTable('payment_method_types', {
  code: varchar('code', { length: 40 }).primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  position: smallint('position').notNull().default(0),
});

/** A company's address book; an order copies the addresses it names. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    address: jsonb('address').$type<OrderAddress>().notNull(),
    defaultPickup: boolean('default_pickup').notNull().default(false),
    defaultBilling: boolean('default_billing').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('addresses_company_idx').on(table.companyId),
    uniqueIndex('addresses_default_pickup_unique')
      .on(table.companyId)
      .where(sql`${table.defaultPickup}`),
    uniqueIndex('addresses_default_billing_unique')
      .on(table.companyId)
      .where(sql`${table.defaultBilling}`),
  ],
);

export const serviceCenters = pgTable('service_centers', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 40 }).notNull().unique(),
  name: text('name').notNull(),
  address: jsonb('address').$type<OrderAddress>().notNull(),
  email: varchar('email', { length: 254 }),
  /** The device types it calibrates. */
  deviceTypes: jsonb('device_types').$type<string[]>().notNull(),
  active: boolean('active').notNull().default(true),
});

export const serviceCenterStaff = pgTable(
  'service_center_staff',
  {
    serviceCenterId: integer('service_center_id')
      .notNull()
      .references(() => serviceCenters.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.serviceCenterId, table.userId] })],
);

export const internalSteps = pgTable(
  'internal_steps',
  {
    id: serial('id').primaryKey(),
    serviceCenterId: integer('service_center_id')
      .notNull()
      .references(() => serviceCenters.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (table) => [index('internal_steps_center_idx').on(table.serviceCenterId, table.position)],
);

export interface ShipmentRate {
  perPackageMinor: number;
  perKgMinor: number;
}

/** A carrier account: a center's own, or global (no center) for every center without one. */
export const shipmentProviders = pgTable('shipment_providers', {
  id: serial('id').primaryKey(),
  serviceCenterId: integer('service_center_id').references(() => serviceCenters.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  kind: varchar('kind', { length: 32 }).notNull(),
  accountNumber: varchar('account_number', { length: 64 }).notNull(),
  rates: jsonb('rates').$type<Record<string, ShipmentRate>>().notNull(),
  active: boolean('active').notNull().default(true),
});

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    number: varchar('number', { length: 20 }).notNull().unique(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    status: varchar('status', { length: 20 }).$type<OrderStatus>().notNull(),
    currency: char('currency', { length: 3 })
      .notNull()
      .references(() => currencies.code),
    paymentMethodType: varchar('payment_method_type', { length: 40 })
      .notNull()
      .references(() => paymentMethodTypes.code),
    serviceCenterId: integer('service_center_id')
      .notNull()
      .references(() => serviceCenters.id),
    pickupAddress: jsonb('pickup_address').$type<OrderAddress>().notNull(),
    billingAddress: jsonb('billing_address').$type<OrderAddress>().notNull(),
    totalMinor: money('total_minor').notNull(),
    acceptedTermsVersion: varchar('accepted_terms_version', { length: 20 }).notNull(),
    quoteMessage: text('quote_message'),
    purchaseOrder: varchar('purchase_order', { length: 60 }),
    quoteNote: text('quote_note'),
    quoteValidUntil: date('quote_valid_until', { mode: 'string' }),
    internalStepId: integer('internal_step_id').references(() => internalSteps.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('orders_company_idx').on(table.companyId, table.createdAt),
    index('orders_center_idx').on(table.serviceCenterId, table.status),
    index('orders_created_idx').on(table.createdAt, table.id),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    kind: varchar('kind', { length: 16 }).$type<OrderLineKind>().notNull(),
    skuId: integer('sku_id').references(() => skus.id),
    skuCode: varchar('sku_code', { length: 40 }),
    description: text('description').notNull(),
    serialNumber: varchar('serial_number', { length: 40 }),
    deviceType: varchar('device_type', { length: 32 }),
    quantity: integer('quantity').notNull(),
    unitAmountMinor: money('unit_amount_minor').notNull(),
    amountMinor: money('amount_minor').notNull(),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId, table.position),
    index('order_lines_serial_idx').on(table.serialNumber),
  ],
);

/** The order's timeline, as the customer sees it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    action: varchar('action', { length: 32 }).notNull(),
    status: varchar('status', { length: 20 }).$type<OrderStatus>().notNull(),
    actorName: text('actor_name').notNull(),
    note: text('note'),
    stepName: text('step_name'),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.at)],
);

/** Gapless invoice numbers: one row per year, locked while a number is taken. */
export const documentCounters = pgTable(
  'document_counters',
  {
    kind: varchar('kind', { length: 16 }).notNull(),
    year: smallint('year').notNull(),
    last: integer('last').notNull(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.year] })],
);

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: varchar('number', { length: 20 }).notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    currency: char('currency', { length: 3 }).notNull(),
    totalMinor: money('total_minor').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('invoices_company_idx').on(table.companyId, table.issuedAt)],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    provider: varchar('provider', { length: 32 }).notNull(),
    method: varchar('method', { length: 40 }).notNull(),
    amountMinor: money('amount_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** pending, succeeded, failed, cancelled. */
    status: varchar('status', { length: 16 }).notNull(),
    providerReference: varchar('provider_reference', { length: 128 }),
    failure: text('failure'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('payments_order_idx').on(table.orderId)],
);

/** Each provider notification once: a repeated or replayed event id changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  eventId: varchar('event_id', { length: 128 }).primaryKey(),
  provider: varchar('provider', { length: 32 }).notNull(),
  paymentId: uuid('payment_id').references(() => payments.id),
  type: varchar('type', { length: 40 }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const packagePickups = pgTable('package_pickups', {
  id: serial('id').primaryKey(),
  shipmentProviderId: integer('shipment_provider_id')
    .notNull()
    .references(() => shipmentProviders.id),
  pickupDate: date('pickup_date', { mode: 'string' }).notNull(),
  address: jsonb('address').$type<OrderAddress>().notNull(),
  confirmation: varchar('confirmation', { length: 40 }).notNull(),
  createdAt: createdAt(),
  createdBy: text('created_by').notNull(),
});

export interface PlannedPackageEvent {
  at: string;
  status: string;
  location: string;
}

export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** inbound (to the center) or return (to the customer). */
    direction: varchar('direction', { length: 8 }).notNull(),
    shipmentProviderId: integer('shipment_provider_id')
      .notNull()
      .references(() => shipmentProviders.id),
    pickupId: integer('pickup_id').references(() => packagePickups.id),
    trackingNumber: varchar('tracking_number', { length: 40 }).notNull().unique(),
    /** label-created, picked-up, in-transit, delivered. */
    status: varchar('status', { length: 16 }).notNull(),
    weightGrams: integer('weight_grams').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    expectedChargeMinor: money('expected_charge_minor').notNull(),
    billedChargeMinor: money('billed_charge_minor'),
    billingReason: varchar('billing_reason', { length: 40 }),
    /** pending (not billed), matched, accepted, disputed. */
    auditStatus: varchar('audit_status', { length: 10 }).notNull().default('pending'),
    fromAddress: jsonb('from_address').$type<OrderAddress>().notNull(),
    toAddress: jsonb('to_address').$type<OrderAddress>().notNull(),
    labelMediaKey: text('label_media_key').notNull(),
    /** The carrier's events still to come, recorded as their time passes. */
    plannedEvents: jsonb('planned_events').$type<PlannedPackageEvent[]>().notNull(),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('packages_order_idx').on(table.orderId),
    index('packages_open_idx')
      .on(table.id)
      .where(sql`${table.status} <> 'delivered'`),
  ],
);

export const packageEvents = pgTable(
  'package_events',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    status: varchar('status', { length: 16 }).notNull(),
    location: text('location').notNull(),
  },
  (table) => [uniqueIndex('package_events_unique').on(table.packageId, table.status)],
);

export const accounts = pgTable('accounts', {
  code: varchar('code', { length: 10 }).primaryKey(),
  name: text('name').notNull(),
  /** asset, liability, revenue, expense. */
  type: varchar('type', { length: 10 }).notNull(),
});

export const journalEntries = pgTable(
  'journal_entries',
  {
    id: serial('id').primaryKey(),
    /** sales or payments. */
    journal: varchar('journal', { length: 10 }).notNull(),
    number: varchar('number', { length: 20 }).notNull().unique(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    orderId: integer('order_id').references(() => orders.id),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    currency: char('currency', { length: 3 }).notNull(),
    amountMinor: money('amount_minor').notNull(),
    description: text('description').notNull(),
  },
  (table) => [
    index('journal_entries_journal_idx').on(table.journal, table.at, table.id),
    index('journal_entries_company_idx').on(table.companyId, table.currency),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: serial('id').primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id, { onDelete: 'cascade' }),
    accountCode: varchar('account_code', { length: 10 })
      .notNull()
      .references(() => accounts.code),
    /** The customer's sub-account of receivables. */
    companyId: uuid('company_id').references(() => companies.id),
    debitMinor: money('debit_minor').notNull().default(0),
    creditMinor: money('credit_minor').notNull().default(0),
  },
  (table) => [
    index('journal_lines_entry_idx').on(table.entryId),
    index('journal_lines_account_idx').on(table.accountCode, table.companyId),
  ],
);

export interface CustomsItem {
  description: string;
  serialNumber: string | null;
  tariffCode: string | null;
  originRegion: string | null;
  quantity: number;
  valueMinor: number;
}

export const customsDeclarations = pgTable('customs_declarations', {
  id: serial('id').primaryKey(),
  number: varchar('number', { length: 20 }).notNull().unique(),
  packageId: integer('package_id')
    .notNull()
    .unique()
    .references(() => packages.id),
  fromRegion: char('from_region', { length: 2 }).notNull(),
  toRegion: char('to_region', { length: 2 }).notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  totalMinor: money('total_minor').notNull(),
  reason: varchar('reason', { length: 32 }).notNull(),
  items: jsonb('items').$type<CustomsItem[]>().notNull(),
  createdAt: createdAt(),
});
