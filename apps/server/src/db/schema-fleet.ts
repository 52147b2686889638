import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  CertificateQuality,
  DeliveryEmailState,
  CompanyKind,
  CorruptedJobStatus,
  VersionAvailability,
  VersionKind,
} from '@fleet/contract';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  name: text('name').notNull(),
  country: char('country', { length: 2 }).notNull(),
  /** The maker's own, a customer's or a partner's: which roles its users may hold. */
  kind: varchar('kind', { length: 16 }).$type<CompanyKind>().notNull().default('customer'),
  /** What its orders, invoices and account are in, whatever language its users read (docs/commerce.md). */
  billingCurrency: char('billing_currency', { length: 3 }).notNull(),
  createdAt: createdAt(),
});

/** Device groups; users belong to groups too (the Group filter of the series list). */
export const deviceGroups = pgTable('device_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    /** Unique within its company: each company numbers its own stores. */
    officialStoreCode: varchar('official_store_code', { length: 100 }).notNull(),
    dealerCode: varchar('dealer_code', { length: 100 }),
    name: text('name').notNull(),
    companyId: uuid('company_id').references(() => companies.id),
    groupId: integer('group_id').references(() => deviceGroups.id),
    /** 0 active, 1 archived. */
    storeStatus: smallint('store_status').notNull().default(0),
    address: jsonb('address').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('stores_company_idx').on(table.companyId),
    unique('stores_company_code_unique').on(table.companyId, table.officialStoreCode).nullsNotDistinct(),
    index('stores_code_idx').on(table.officialStoreCode),
  ],
);

export const series = pgTable(
  'series',
  {
    id: serial('id').primaryKey(),
    serialNumber: varchar('serial_number', { length: 32 }).notNull().unique(),
    partNumber: varchar('part_number', { length: 10 }).notNull(),
    deviceType: varchar('device_type', { length: 32 }).notNull(),
    maker: varchar('maker', { length: 64 }).notNull(),
    description: text('description'),
    /** A activated, B blacklisted, E deactivated, I discarded, R recycled. */
    deviceStatus: char('device_status', { length: 1 }).notNull(),
    companyId: uuid('company_id').references(() => companies.id),
    storeId: integer('store_id').references(() => stores.id),
    storeCode: varchar('store_code', { length: 100 }),
    dealerCode: varchar('dealer_code', { length: 100 }),
    groupId: integer('group_id').references(() => deviceGroups.id),
    country: char('country', { length: 2 }),
    language: varchar('language', { length: 10 }),
    currentVersion: varchar('current_version', { length: 32 }),
    currentDbVersion: varchar('current_db_version', { length: 32 }),
    earlyAccess: boolean('early_access').notNull().default(false),
    /** The status a discarded device had, to undo the discard. */
    statusBeforeDiscard: char('status_before_discard', { length: 1 }),
    /** Descriptions per product, from `PUT /Series/{sn}/{product}-description`. */
    productDescriptions: jsonb('product_descriptions')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    registrationDate: timestamp('registration_date', { withTimezone: true, mode: 'date' }).notNull(),
    activationDate: timestamp('activation_date', { withTimezone: true, mode: 'date' }),
    /** Public half of the device's Ed25519 key (base64url), which checks its signed requests. */
    devicePublicKey: varchar('device_public_key', { length: 64 }),
  },
  (table) => [
    index('series_company_idx').on(table.companyId, table.id),
    index('series_store_idx').on(table.storeId),
    index('series_status_idx').on(table.deviceStatus),
    index('series_activation_idx').on(table.activationDate, table.id),
    index('series_registration_idx').on(table.registrationDate, table.id),
    index('series_country_idx').on(table.country, table.id),
    index('series_description_idx').on(table.description, table.id),
    index('series_dealer_idx').on(table.dealerCode, table.id),
    index('series_store_code_idx').on(table.storeCode),
    // Filters: the list counts its matches; (column, id) keeps counts, with the online
    // status joined by id, to index-only scans.
    index('series_type_idx').on(table.deviceType, table.id),
    index('series_maker_idx').on(table.maker, table.id),
    index('series_version_idx').on(table.currentVersion, table.id),
    index('series_db_version_idx').on(table.currentDbVersion, table.id),
    index('series_group_idx').on(table.groupId, table.id),
  ],
);

export const accessories = pgTable(
  'accessories',
  {
    id: serial('id').primaryKey(),
    serialNumber: varchar('serial_number', { length: 32 }).notNull().unique(),
    partNumber: varchar('part_number', { length: 10 }).notNull(),
    description: text('description'),
    seriesId: integer('series_id').references(() => series.id),
    companyId: uuid('company_id').references(() => companies.id),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    registrationDate: timestamp('registration_date', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('accessories_series_idx').on(table.seriesId),
    index('accessories_company_idx').on(table.companyId, table.id),
    index('accessories_registration_idx').on(table.registrationDate, table.id),
  ],
);

/** People who use a device (its own user accounts), not console users. */
export const seriesUsers = pgTable(
  'series_users',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    username: varchar('username', { length: 128 }).notNull(),
    userUid: uuid('user_uid').notNull(),
    email: varchar('email', { length: 256 }),
  },
  (table) => [uniqueIndex('series_users_unique').on(table.seriesId, table.username)],
);

/** Last heartbeat per device; a registered device that never connected has none (the API says year 0001). */
export const heartbeats = pgTable(
  'heartbeats',
  {
    seriesId: integer('series_id')
      .primaryKey()
      .references(() => series.id, { onDelete: 'cascade' }),
    lastHeartbeat: timestamp('last_heartbeat', { withTimezone: true, mode: 'date' }),
  },
  // The devices alive now are the few with a recent heartbeat: found by range, not by scanning all.
  (table) => [index('heartbeats_last_idx').on(table.lastHeartbeat, table.seriesId)],
);

export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    /** Null until assigned: a laboratory may send certificates before the devices are named. */
    seriesId: integer('series_id').references(() => series.id, { onDelete: 'cascade' }),
    number: varchar('number', { length: 64 }).notNull().unique(),
    calibrationDate: timestamp('calibration_date', { withTimezone: true, mode: 'date' }).notNull(),
    endOfValidityDate: timestamp('end_of_validity_date', { withTimezone: true, mode: 'date' }).notNull(),
    /** Outcome of the calibration check: true pass, false fail, null unknown. */
    checkPassed: boolean('check_passed'),
    laboratory: text('laboratory'),
    /** The serial number written on the document (the device's when it was calibrated). */
    documentSerialNumber: varchar('document_serial_number', { length: 32 }),
    /** The certificate document in media storage. */
    documentKey: text('document_key'),
    /** Quality's review: a rejected certificate no longer counts for the device's status. */
    quality: varchar('quality', { length: 16 }).$type<CertificateQuality>().notNull().default('approved'),
    qualityNote: text('quality_note'),
    registeredBy: text('registered_by'),
    registeredAt: timestamp('registered_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('certificates_series_idx').on(table.seriesId, table.calibrationDate),
    // Alerts find the certificates whose validity ends within a window (docs/notifications.md).
    index('certificates_validity_idx').on(table.endOfValidityDate),
  ],
);

/** What staff wrote about a part number (the first 10 characters of serial numbers). */
export const partNumbers = pgTable('part_numbers', {
  partNumber: varchar('part_number', { length: 10 }).primaryKey(),
  description: text('description').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedBy: text('updated_by').notNull(),
});

/** A certificate document's text per device type (`*`: every other type), with placeholders. */
export const certificateTemplates = pgTable('certificate_templates', {
  deviceType: varchar('device_type', { length: 32 }).primaryKey(),
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedBy: text('updated_by').notNull(),
});

/** Certificates of a company sent to recipients by e-mail (docs/company-tools.md). */
export const certificateDeliveries = pgTable(
  'certificate_deliveries',
  {
    id: serial('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    certificateIds: jsonb('certificate_ids').$type<number[]>().notNull(),
    message: text('message'),
    language: varchar('language', { length: 8 }).notNull(),
    /** sent, failed (emailError says why) or off (no SMTP_URL). */
    email: varchar('email', { length: 8 }).$type<DeliveryEmailState>().notNull(),
    emailError: text('email_error'),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
  },
  (table) => [index('certificate_deliveries_created_idx').on(table.createdAt, table.id)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** 'local' for the built-in identity provider, else the token issuer. */
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    username: varchar('username', { length: 128 }),
    name: text('name').notNull(),
    email: varchar('email', { length: 256 }),
    passwordHash: text('password_hash'),
    /** Demo accounts sign in only while demo mode is on. */
    demo: boolean('demo').notNull().default(false),
    companyId: uuid('company_id').references(() => companies.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('users_issuer_subject_unique').on(table.issuer, table.subject),
    uniqueIndex('users_local_username_unique').on(table.issuer, table.username),
  ],
);

export const roles = pgTable('roles', {
  code: varchar('code', { length: 64 }).primaryKey(),
  name: text('name').notNull(),
  kind: varchar('kind', { length: 16 }).notNull(),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleCode: varchar('role_code', { length: 64 })
      .notNull()
      .references(() => roles.code),
  },
  (table) => [primaryKey({ columns: [table.userId, table.roleCode] })],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => deviceGroups.id),
  },
  (table) => [primaryKey({ columns: [table.userId, table.groupId] })],
);

export const userConfigurations = pgTable('user_configurations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  content: text('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Secrets every node of the server must share (docs/scaling.md): the identity provider's keys, the media
 * link key, the payment webhook secret. The first node to need one writes it; the others read it.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 64 }).primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Keys seen once that must stay refused until they expire, across restarts: the device protocol's and the
 * desktop tools' nonces, with one node (several nodes keep them in Redis).
 */
export const rememberedKeys = pgTable(
  'remembered_keys',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('remembered_keys_expires_idx').on(table.expiresAt)],
);

/**
 * A table file read by a preview (docs/company-tools.md): its rows as read, kept for the check and the
 * import, which name it and send only the rows the user changed. Its user's alone; gone after a while.
 */
export const tableImportDrafts = pgTable(
  'table_import_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The import it was read for: `/api/Store/Import`. */
    importPath: varchar('import_path', { length: 100 }).notNull(),
    rows: jsonb('rows').$type<{ line: number; values: Record<string, string> }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('table_import_drafts_user_idx').on(table.userId, table.createdAt),
    index('table_import_drafts_expires_idx').on(table.expiresAt),
  ],
);

/** Storage of the built-in identity provider (sessions, grants, codes, tokens). */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: varchar('model', { length: 64 }).notNull(),
    id: varchar('id', { length: 256 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: varchar('grant_id', { length: 256 }),
    userCode: varchar('user_code', { length: 256 }),
    uid: varchar('uid', { length: 256 }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    consumedAt: bigint('consumed_at', { mode: 'number' }),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('oidc_payloads_grant_idx').on(table.grantId),
    index('oidc_payloads_uid_idx').on(table.uid),
    index('oidc_payloads_expires_idx').on(table.expiresAt),
  ],
);

/** Facts about the database itself: the seed that filled it, and when. */
export const meta = pgTable('meta', {
  key: varchar('key', { length: 64 }).primaryKey(),
  value: jsonb('value').notNull(),
});

/** Who connected to a device, when (reported by the device). */
export const connections = pgTable(
  'connections',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    connectionDate: timestamp('connection_date', { withTimezone: true, mode: 'date' }).notNull(),
    username: varchar('username', { length: 128 }).notNull(),
  },
  (table) => [index('connections_series_idx').on(table.seriesId, table.connectionDate)],
);

/** Software updates a device went through. */
export const updateHistory = pgTable(
  'update_history',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    subject: varchar('subject', { length: 64 }).notNull(),
    updateDate: timestamp('update_date', { withTimezone: true, mode: 'date' }).notNull(),
    fromVersion: varchar('from_version', { length: 32 }),
    toVersion: varchar('to_version', { length: 32 }).notNull(),
    details: text('details'),
    username: varchar('username', { length: 128 }),
    /** running, succeeded, failed: the last report of this attempt (docs/versions.md). */
    state: varchar('state', { length: 16 }).notNull().default('succeeded'),
    percent: smallint('percent'),
    /** The rollout that sent the version, if one did. No foreign key: history outlives rollouts. */
    rolloutId: integer('rollout_id'),
  },
  (table) => [
    index('update_history_series_idx').on(table.seriesId, table.updateDate),
    // Updates under way, per version: what holds a version from deletion.
    index('update_history_running_idx')
      .on(table.toVersion, table.seriesId)
      .where(sql`${table.state} = 'running'`),
  ],
);

/** Parts a device is built of (modules, boards, sensors), as it reports them or staff add them. */
export const components = pgTable(
  'components',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 128 }).notNull(),
    partNumber: varchar('part_number', { length: 32 }),
    serialNumber: varchar('serial_number', { length: 64 }),
    version: varchar('version', { length: 32 }),
    /** ok, worn, faulty, replaced */
    status: varchar('status', { length: 16 }).notNull().default('ok'),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('components_series_idx').on(table.seriesId)],
);

/** Positions a device reported. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracyMeters: integer('accuracy_meters'),
  },
  (table) => [index('locations_series_idx').on(table.seriesId, table.reportedAt)],
);

/** Screen captures a device uploaded; the image itself is in media storage. */
export const screenshots = pgTable(
  'screenshots',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull().unique(),
    takenAt: timestamp('taken_at', { withTimezone: true, mode: 'date' }).notNull(),
    toolVersion: varchar('tool_version', { length: 32 }),
    mediaKey: varchar('media_key', { length: 300 }).notNull(),
    bytes: integer('bytes').notNull(),
  },
  (table) => [index('screenshots_series_idx').on(table.seriesId, table.takenAt)],
);

/** The configuration a device last reported. */
export const deviceConfigurations = pgTable('device_configurations', {
  seriesId: integer('series_id')
    .primaryKey()
    .references(() => series.id, { onDelete: 'cascade' }),
  reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }).notNull(),
  content: jsonb('content').$type<Record<string, unknown>>().notNull(),
});

/** What staff set for a device (docs/company-tools.md, Configuration): sent with its heartbeat answers until it reports it. */
export const seriesDesiredConfigurations = pgTable('series_desired_configurations', {
  seriesId: integer('series_id')
    .primaryKey()
    .references(() => series.id, { onDelete: 'cascade' }),
  content: jsonb('content').$type<Record<string, unknown>>().notNull(),
  setAt: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull(),
  setBy: text('set_by').notNull(),
});

/** What staff set for every device of a group; a device's own settings win over it. */
export const groupDesiredConfigurations = pgTable('group_desired_configurations', {
  groupId: integer('group_id')
    .primaryKey()
    .references(() => deviceGroups.id, { onDelete: 'cascade' }),
  content: jsonb('content').$type<Record<string, unknown>>().notNull(),
  setAt: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull(),
  setBy: text('set_by').notNull(),
});

/** A tag of the job's data map, kept beside it as a column for the filters that look for it. */
const tagColumn = (name: string, tag: string) =>
  varchar(name, { length: 64 }).generatedAlwaysAs(sql.raw(`left(data->>'${tag}', 64)`));

/**
 * The columns of a job (jobs spec §3), shared by the live and the archived table. Company and group are
 * the device's when the job was produced: a device that changes hands does not take its past jobs along.
 */
function jobColumns() {
  return {
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id),
    groupId: integer('group_id').references(() => deviceGroups.id),
    deviceType: varchar('device_type', { length: 32 }).notNull(),
    workflow: varchar('workflow', { length: 64 }).notNull(),
    jobType: smallint('job_type').notNull(),
    jobStatus: smallint('job_status').notNull(),
    /** Run on a reference target (self-test, calibration check, training), not a customer's vehicle. */
    synthetic: boolean('synthetic').notNull().default(false),
    beginDate: timestamp('begin_date', { withTimezone: true, mode: 'date' }).notNull(),
    postedDate: timestamp('posted_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userName: varchar('user_name', { length: 128 }),
    data: jsonb('data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    validCal: smallint('valid_cal').notNull().default(0),
    validChk: smallint('valid_chk').notNull().default(0),
    gresst: smallint('gresst'),
    vin: tagColumn('vin', 'VIN'),
    ro: tagColumn('ro', 'RO'),
    bac: tagColumn('bac', 'BAC'),
    warrantyCode: tagColumn('warranty_code', 'WARRANTYCODE'),
    mk: tagColumn('mk', 'MK'),
    md: tagColumn('md', 'MD'),
    ye: tagColumn('ye', 'YE'),
    pn: tagColumn('pn', 'PN'),
    cr: tagColumn('cr', 'CR'),
    jid: tagColumn('jid', 'JID'),
  };
}

type JobTableColumns = ReturnType<typeof jobColumns> & { id: ReturnType<typeof bigint> };

/**
 * Indexes serving every filter and sort of the jobs calls by keyset: the lists read (kind, date, id) in
 * order and stop after a page; a selective filter (a VIN, a device, a company) has its own way in.
 */
function jobIndexes(name: string, table: { [K in keyof JobTableColumns]: AnyPgColumn }) {
  return [
    index(`${name}_begin_idx`).on(table.synthetic, table.beginDate, table.id),
    index(`${name}_posted_idx`).on(table.synthetic, table.postedDate, table.id),
    index(`${name}_company_begin_idx`).on(table.companyId, table.synthetic, table.beginDate, table.id),
    index(`${name}_series_begin_idx`).on(table.seriesId, table.synthetic, table.beginDate, table.id),
    index(`${name}_vin_idx`).on(table.vin),
    index(`${name}_ro_idx`).on(table.ro),
    index(`${name}_bac_idx`).on(table.bac),
    index(`${name}_warranty_idx`).on(table.warrantyCode),
    index(`${name}_jid_idx`).on(table.jid),
    index(`${name}_pn_idx`).on(table.pn),
    index(`${name}_user_idx`).on(table.userName),
    index(`${name}_company_user_idx`).on(table.companyId, table.userName),
  ];
}

/** Jobs devices produced within the retention period (docs/jobs.md), live and synthetic. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ...jobColumns(),
  },
  (table) => jobIndexes('jobs', table),
);

/** Jobs older than the retention period, moved here by the archive task with their id. */
export const archivedJobs = pgTable(
  'archived_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    ...jobColumns(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => jobIndexes('archived_jobs', table),
);

/** Hand-overs of a device's jobs to a subject (docs/jobs.md). */
export const jobAssociations = pgTable(
  'job_associations',
  {
    id: serial('id').primaryKey(),
    status: smallint('status').notNull(),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    terminatedAt: timestamp('terminated_at', { withTimezone: true, mode: 'date' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    associationMode: smallint('association_mode').notNull(),
    associationSubject: smallint('association_subject').notNull(),
    associationSubjectId: varchar('association_subject_id', { length: 64 }).notNull(),
  },
  (table) => [
    index('job_associations_created_idx').on(table.createdAt, table.id),
    index('job_associations_series_idx').on(table.seriesId),
  ],
);

/**
 * The task queue (docs/tasks.md): work done after the answer, such as exports. A worker takes a waiting
 * task with FOR UPDATE SKIP LOCKED and holds it by a lease it renews; a task whose lease ran out is
 * taken again.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 32 }).notNull(),
    description: text('description').notNull(),
    fileName: text('file_name').notNull(),
    /** What the task does, as the user asked it (an export request) and who asked (language, zone). */
    request: jsonb('request').notNull(),
    status: smallint('status').notNull(),
    postedAt: createdAt(),
    /** A waiting task runs from this time on (a retry waits). */
    runAfter: timestamp('run_after', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    attempts: smallint('attempts').notNull().default(0),
    /** The process running it, and until when its claim holds unless renewed. */
    lockedBy: varchar('locked_by', { length: 64 }),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    rowsDone: integer('rows_done'),
    rowsTotal: integer('rows_total'),
    error: text('error'),
    mediaKey: text('media_key'),
    mediaSize: bigint('media_size', { mode: 'number' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('tasks_user_posted_idx').on(table.userId, table.postedAt, table.id),
    index('tasks_waiting_idx')
      .on(table.runAfter)
      .where(sql`${table.status} in (80, 82, 83)`),
    index('tasks_running_idx')
      .on(table.lockedUntil)
      .where(sql`${table.status} = 67`),
    index('tasks_finished_idx').on(table.finishedAt),
  ],
);

/**
 * What people changed and who they were (docs/audit.md): job edits, layouts saved and deleted, and the
 * back office's changes to come. Read by subject: "what happened to job 42".
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as it was: the user may be renamed or removed later. */
    actorName: text('actor_name').notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    subjectType: varchar('subject_type', { length: 32 }).notNull(),
    subjectId: varchar('subject_id', { length: 128 }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [
    index('audit_log_subject_idx').on(table.subjectType, table.subjectId, table.at),
    index('audit_log_at_idx').on(table.at),
  ],
);

/** Report layouts of the job detail (jobs spec §3), addressed by name. */
export const jobTemplates = pgTable(
  'job_templates',
  {
    id: uuid('id').primaryKey(),
    name: varchar('name', { length: 64 }).notNull(),
    layout: jsonb('layout').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: text('updated_by'),
  },
  (table) => [uniqueIndex('job_templates_name_unique').on(sql`lower(${table.name})`)],
);

/**
 * Graph files a device recorded during a job; the points are in media storage (docs/job-detail.md).
 * No foreign key to the job: it moves from the live to the archived table with its id.
 */
export const jobGraphs = pgTable(
  'job_graphs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    beginDate: timestamp('begin_date', { withTimezone: true, mode: 'date' }).notNull(),
    workflow: varchar('workflow', { length: 64 }).notNull(),
    curveNames: jsonb('curve_names').$type<string[]>().notNull(),
    pointCount: integer('point_count').notNull(),
    mediaKey: varchar('media_key', { length: 300 }).notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
  },
  (table) => [index('job_graphs_job_idx').on(table.jobId, table.beginDate, table.id)],
);

/** Pictures a device took during a job; the images are in media storage. */
export const jobPictures = pgTable(
  'job_pictures',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    jobId: bigint('job_id', { mode: 'number' }).notNull(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    postedDate: timestamp('posted_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    mediaKey: varchar('media_key', { length: 300 }).notNull(),
    bytes: integer('bytes').notNull(),
  },
  (table) => [
    index('job_pictures_job_name_idx').on(table.jobId, table.fileName),
    index('job_pictures_job_posted_idx').on(table.jobId, table.postedDate),
  ],
);

/**
 * Device types declared before any device has them (a product about to ship), so that versions can be
 * uploaded for it (docs/versions.md). The types of existing devices need no row.
 */
export const deviceTypes = pgTable('device_types', {
  type: varchar('type', { length: 32 }).primaryKey(),
  declaredAt: createdAt(),
  declaredBy: text('declared_by'),
});

/** Versions of each device type's software and database, their files in media storage (docs/versions.md). */
export const versions = pgTable(
  'versions',
  {
    id: serial('id').primaryKey(),
    deviceType: varchar('device_type', { length: 32 }).notNull(),
    /** software or database: the device's currentVersion or currentDBVersion. */
    kind: varchar('kind', { length: 16 }).$type<VersionKind>().notNull(),
    number: varchar('number', { length: 32 }).notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    mediaKey: varchar('media_key', { length: 300 }).notNull(),
    /** The archive's entries, read once at upload (null: not an archive). */
    content: jsonb('content').$type<{ entries: unknown[]; truncated: boolean } | null>(),
    notes: text('notes').notNull().default(''),
    /** general, early or withdrawn. */
    availability: varchar('availability', { length: 16 })
      .$type<VersionAvailability>()
      .notNull()
      .default('general'),
    uploadedAt: createdAt(),
    uploadedBy: text('uploaded_by').notNull(),
  },
  // A version is named by its number alone in paths: unique within its type, whatever its kind.
  (table) => [uniqueIndex('versions_type_number_unique').on(table.deviceType, table.number)],
);

/** A version sent to a set of devices in waves (docs/versions.md). */
export const rollouts = pgTable(
  'rollouts',
  {
    id: serial('id').primaryKey(),
    /** Kept when the version is deleted later: the rollout stays in the record. */
    versionId: integer('version_id').references(() => versions.id, { onDelete: 'set null' }),
    deviceType: varchar('device_type', { length: 32 }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    version: varchar('version', { length: 32 }).notNull(),
    /** running, paused, stopped, cancelled, done. */
    state: varchar('state', { length: 16 }).notNull(),
    filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
    wavePercents: jsonb('wave_percents').$type<number[]>().notNull(),
    waveCount: smallint('wave_count').notNull(),
    failureThresholdPercent: smallint('failure_threshold_percent').notNull(),
    waveWindowMinutes: integer('wave_window_minutes').notNull(),
    currentWave: smallint('current_wave').notNull().default(1),
    /** When the current wave was offered (moved forward by a pause's length on resume). */
    waveStartedAt: timestamp('wave_started_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Each wave's start, by wave number. */
    waveStarts: jsonb('wave_starts').$type<string[]>().notNull(),
    pausedAt: timestamp('paused_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    reason: text('reason'),
  },
  (table) => [
    index('rollouts_created_idx').on(table.createdAt, table.id),
    index('rollouts_active_idx')
      .on(table.deviceType, table.kind)
      .where(sql`${table.state} in ('running', 'paused')`),
  ],
);

/** The devices of a rollout, each in one wave, fixed when the rollout starts. */
export const rolloutDevices = pgTable(
  'rollout_devices',
  {
    rolloutId: integer('rollout_id')
      .notNull()
      .references(() => rollouts.id, { onDelete: 'cascade' }),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    wave: smallint('wave').notNull(),
    /** pending, offered, started, succeeded, failed. */
    state: varchar('state', { length: 16 }).notNull(),
    fromVersion: varchar('from_version', { length: 32 }),
    percent: smallint('percent'),
    details: text('details'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    primaryKey({ columns: [table.rolloutId, table.seriesId] }),
    index('rollout_devices_wave_idx').on(table.rolloutId, table.wave, table.state),
    index('rollout_devices_series_idx').on(table.seriesId),
  ],
);

/**
 * Jobs a device sent that the server could not accept (docs/company-tools.md): kept with why and the
 * payload as it came, for staff to fix and reprocess, or discard.
 */
export const corruptedJobs = pgTable(
  'corrupted_jobs',
  {
    id: serial('id').primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The validation's messages, by field. */
    reason: jsonb('reason').$type<{ field: string; message: string }[]>().notNull(),
    payload: text('payload').notNull(),
    status: varchar('status', { length: 16 }).$type<CorruptedJobStatus>().notNull().default('open'),
    /** The job its reprocessing created. */
    jobId: bigint('job_id', { mode: 'number' }),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('corrupted_jobs_status_idx').on(table.status, table.receivedAt)],
);

/** Ranges of 'from' numbers per part number that the factory allocates serial numbers from; they never overlap. */
export const serialRanges = pgTable(
  'serial_ranges',
  {
    id: serial('id').primaryKey(),
    partNumber: varchar('part_number', { length: 10 }).notNull(),
    fromNumber: integer('from_number').notNull(),
    toNumber: integer('to_number').notNull(),
    note: text('note'),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('serial_ranges_part_idx').on(table.partNumber, table.fromNumber)],
);

/** Batches of devices the factory registered; the devices' private keys are never kept. */
export const factoryBatches = pgTable('factory_batches', {
  id: serial('id').primaryKey(),
  partNumber: varchar('part_number', { length: 10 }).notNull(),
  deviceType: varchar('device_type', { length: 32 }).notNull(),
  serialNumbers: jsonb('serial_numbers').$type<string[]>().notNull(),
  softwareVersion: varchar('software_version', { length: 32 }),
  databaseVersion: varchar('database_version', { length: 32 }),
  createdBy: text('created_by').notNull(),
  createdAt: createdAt(),
});
