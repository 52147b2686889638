import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { DashboardWidget, EsatSource } from '@fleet/contract';
import { orders, serviceCenters } from './schema-commerce.ts';
import { companies, users } from './schema-fleet.ts';

/** Dashboards, translations and the VIN database (docs/insights.md). */

const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedBy = () => uuid('updated_by').references(() => users.id, { onDelete: 'set null' });

/**
 * Saved dashboards. A customer's are shared by its company; the maker's staff share those without a
 * company (they see the whole fleet). `version` refuses a save made over another one.
 */
export const dashboards = pgTable(
  'dashboards',
  {
    id: serial('id').primaryKey(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 80 }).notNull(),
    widgets: jsonb('widgets').$type<DashboardWidget[]>().notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (table) => [index('dashboards_company_idx').on(table.companyId)],
);

/**
 * Jobs counted per company, month and kind, kept by triggers on jobs and archived jobs in the job's own
 * transaction (migration 0019), so that dashboards read a few thousand rows instead of every job.
 */
export const jobMonthCounts = pgTable(
  'job_month_counts',
  {
    companyId: uuid('company_id'),
    month: date('month', { mode: 'string' }).notNull(),
    deviceType: varchar('device_type', { length: 32 }).notNull(),
    jobType: smallint('job_type').notNull(),
    jobStatus: smallint('job_status').notNull(),
    synthetic: boolean('synthetic').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [
    unique('job_month_counts_key')
      .on(table.companyId, table.month, table.deviceType, table.jobType, table.jobStatus, table.synthetic)
      .nullsNotDistinct(),
  ],
);

/** A text of the console replaced without a rebuild, per language and target ("all" or a variant). */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    language: varchar('language', { length: 10 }).notNull(),
    target: varchar('target', { length: 32 }).notNull(),
    namespace: varchar('namespace', { length: 40 }).notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    text: text('text').notNull(),
    updatedAt: updatedAt(),
    updatedBy: updatedBy(),
  },
  (table) => [primaryKey({ columns: [table.language, table.target, table.namespace, table.key] })],
);

/** Languages added beyond those the console ships with; they fall back to English until translated. */
export const translationLanguages = pgTable('translation_languages', {
  code: varchar('code', { length: 10 }).primaryKey(),
  name: text('name').notNull(),
  addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Vehicles by VIN: what the jobs' MK, MD and YE tags name. */
export const vehicles = pgTable('vehicles', {
  vin: char('vin', { length: 17 }).primaryKey(),
  make: varchar('make', { length: 64 }).notNull(),
  model: varchar('model', { length: 64 }).notNull(),
  year: smallint('year').notNull(),
  engine: varchar('engine', { length: 64 }),
  batteryReference: varchar('battery_reference', { length: 40 }).references(() => batteries.reference),
  notes: text('notes'),
  updatedAt: updatedAt(),
  updatedBy: updatedBy(),
});

/** Batteries by their maker's reference. */
export const batteries = pgTable('batteries', {
  reference: varchar('reference', { length: 40 }).primaryKey(),
  maker: varchar('maker', { length: 64 }).notNull(),
  model: varchar('model', { length: 64 }),
  chemistry: varchar('chemistry', { length: 16 }).notNull(),
  capacityAh: numeric('capacity_ah', { precision: 6, scale: 1, mode: 'number' }),
  coldCrankingAmps: integer('cold_cranking_amps'),
  voltage: numeric('voltage', { precision: 4, scale: 1, mode: 'number' }).notNull(),
  notes: text('notes'),
  updatedAt: updatedAt(),
  updatedBy: updatedBy(),
});

/** Which dashboard each user last opened, so the screen opens where they left it. */
export const dashboardViews = pgTable('dashboard_views', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dashboardId: integer('dashboard_id')
    .notNull()
    .references(() => dashboards.id, { onDelete: 'cascade' }),
});

/**
 * The questions of the customer-satisfaction survey (docs/insights.md "Statistics"), in their order. Their
 * texts are the console's (`statistics.questions.<code>`), translated like any other; a retired question
 * stays for the answers that name it.
 */
export const surveyQuestions = pgTable('survey_questions', {
  code: varchar('code', { length: 40 }).primaryKey(),
  position: smallint('position').notNull(),
  active: boolean('active').notNull().default(true),
});

/**
 * One survey per delivered order, opened when the order is delivered (in that transaction); answered once,
 * entered by hand or imported. Company and center are the order's, kept here for the statistics' grouping.
 */
export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    serviceCenterId: integer('service_center_id')
      .notNull()
      .references(() => serviceCenters.id),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    comment: text('comment'),
    enteredBy: uuid('entered_by').references(() => users.id, { onDelete: 'set null' }),
    enteredByName: text('entered_by_name'),
    source: varchar('source', { length: 16 }).$type<EsatSource>(),
  },
  (table) => [
    index('surveys_delivered_idx').on(table.deliveredAt),
    index('surveys_center_idx').on(table.serviceCenterId, table.deliveredAt),
    index('surveys_entered_by_idx').on(table.enteredBy),
  ],
);

/** A survey's score for one question, 1 (poor) to 5 (excellent). */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    questionCode: varchar('question_code', { length: 40 })
      .notNull()
      .references(() => surveyQuestions.code),
    score: smallint('score').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.surveyId, table.questionCode] }),
    index('survey_answers_question_idx').on(table.questionCode, table.score),
    check('survey_answers_score_range', sql`${table.score} between 1 and 5`),
  ],
);
