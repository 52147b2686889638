import { hostname } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { FEATURE_CATALOGUE, VARIANTS, VERSION_FILE_MAX_BYTES } from '@fleet/contract';

const truthy = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const basePath = z
  .string()
  .regex(/^\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/, 'must start with / and not end with /');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).optional(),
  BASE_PATH: basePath.default('/console'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  DEMO_MODE: truthy.optional(),
  BUILTIN_IDP: truthy.default(true),
  VARIANT: z.enum(VARIANTS).default('tool-equipment'),
  APPSETTINGS_FILE: z.string().optional(),
  DISABLED_FEATURES: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  SEED: z.coerce.number().int().min(0).default(20250801),
  SEED_DEVICES: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  SEED_JOBS: z.coerce.number().int().min(0).max(100_000_000).optional(),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  ERROR_REPORTING_DSN: z.url().optional(),
  WEB_DIR: z.string().min(1).optional(),
  MEDIA_S3_ENDPOINT: z.url().optional(),
  MEDIA_S3_BUCKET: z.string().min(3).max(63).optional(),
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  HEARTBEAT_ALIVE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(120),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d{1,2}|[0-9A-Fa-f.:/]+(\s*,\s*[0-9A-Fa-f.:/]+)*)$/,
      'must be a hop count (1 to 99) or comma-separated proxy addresses or CIDR ranges',
    )
    .optional(),
  CONSOLE_DEV_SERVER: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().min(3).max(254).optional(),
  /** Bytes: a larger export is emailed as a link (mail servers refuse large messages). */
  SMTP_ATTACHMENT_LIMIT: z.coerce.number().int().min(0).max(100_000_000).default(5_000_000),
  /** Bytes: the largest version file an upload takes. */
  VERSION_FILE_LIMIT: z.coerce.number().int().min(1024).max(4_294_967_295).default(VERSION_FILE_MAX_BYTES),
  /** How often running rollouts are looked at (waves ended by time, stops). */
  ROLLOUT_STEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** How often the carriers' scans of packages on their way are looked at. */
  SHIPMENT_TRACKING_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How often each node looks for what happened and tells whom it concerns (alerts, webhooks). */
  ALERT_EVALUATE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** How often each node sends the webhook deliveries that are due. */
  WEBHOOK_DELIVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  /** The payment provider (docs/commerce.md "Payment"): the built-in sandbox, or a real provider's adapter. */
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** The secret the payment provider signs its notifications with; else one kept in DATA_DIR. */
  PAYMENT_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').max(200).optional(),
  /** Several server nodes: the live hub's events travel between them through this Redis. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** This process in logs and metrics; several nodes need names of their own. */
  NODE_NAME: z
    .string()
    .max(64)
    .regex(/^[\w.:-]+$/, 'must be letters, digits and . : _ - only (at most 64)')
    .optional(),
  /** Lets /api/metrics answer scrapers that are not on this machine. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(200).optional(),
  /** Seconds between "not ready" and closing, so that a proxy stops sending requests first. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  basePath: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  demoMode: boolean;
  builtinIdp: boolean;
  variant: (typeof VARIANTS)[number];
  appSettingsFile: string | undefined;
  disabledFeatures: ReadonlySet<string>;
  logLevel: string;
  /** JSON lines for log collectors; `pretty` one readable line each, for a person at a terminal. */
  logFormat: 'json' | 'pretty';
  /** Each request logged only at debug and trace, so that normal logs say what matters. */
  logRequests: boolean;
  seed: number;
  seedDevices: number;
  /** Demo jobs in all; null: 15 per demo device. */
  seedJobs: number | null;
  loginRateLimit: number;
  errorReportingDsn: string | null;
  /** Media in an S3-compatible bucket; null: on local disk under DATA_DIR/media. */
  mediaS3: {
    endpoint: string;
    bucket: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
  } | null;
  /** The built console; unset: apps/web/dist. */
  webDir: string | undefined;
  /** A device is alive when its last heartbeat is at most this old. */
  heartbeatAliveSeconds: number;
  /**
   * Which proxies in front may say who the client is (X-Forwarded-For): a hop count or their
   * addresses. false: none, the connection's address is the client's.
   */
  trustProxy: false | number | string[];
  /** Origin of the console's development server, allowed to sign in; null in normal use. */
  consoleDevServer: string | null;
  /** Where task results are emailed from (SMTP_URL); null: email is off. */
  smtp: { url: string; from: string; attachmentLimit: number } | null;
  versionFileLimit: number;
  rolloutStepSeconds: number;
  shipmentTrackingSeconds: number;
  /** How often each node looks for what happened and tells whom it concerns (docs/notifications.md). */
  alertEvaluateSeconds: number;
  /** How often each node sends the webhook deliveries that are due (docs/notifications.md "Webhooks"). */
  webhookDeliverySeconds: number;
  paymentProvider: 'sandbox';
  paymentWebhookSecret: string | null;
  /** The live hub's Redis (several nodes); null: one node, the hub in memory. */
  redisUrl: string | null;
  /** This process's name in log lines and metrics (NODE_NAME, else host name and port). */
  nodeName: string;
  /** The bearer token that opens /api/metrics to other machines; null: this machine only. */
  metricsToken: string | null;
  /** How long a stopping node stays up, answering "not ready", before it closes. */
  shutdownDrainSeconds: number;
}

function mediaS3Of(e: z.infer<typeof envSchema>): Config['mediaS3'] {
  const given = [
    e.MEDIA_S3_ENDPOINT,
    e.MEDIA_S3_BUCKET,
    e.MEDIA_S3_ACCESS_KEY_ID,
    e.MEDIA_S3_SECRET_ACCESS_KEY,
  ];
  if (given.every((value) => value === undefined)) return null;
  if (given.some((value) => value === undefined)) {
    throw new ConfigError(
      'Invalid configuration: MEDIA_S3_ENDPOINT, MEDIA_S3_BUCKET, MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY go together',
    );
  }
  return {
    endpoint: e.MEDIA_S3_ENDPOINT!,
    bucket: e.MEDIA_S3_BUCKET!,
    region: e.MEDIA_S3_REGION,
    accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID!,
    secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY!,
  };
}

function trustProxyOf(value: string | undefined): Config['trustProxy'] {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(',').map((address) => address.trim());
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the configuration; an invalid variable stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  const disabledFeatures = new Set(
    e.DISABLED_FEATURES.split(',')
      .map((code) => code.trim())
      .filter(Boolean),
  );
  for (const code of disabledFeatures) {
    if (!FEATURE_CATALOGUE.has(code))
      throw new ConfigError(`Invalid configuration: DISABLED_FEATURES: unknown feature ${code}`);
  }
  const embedded = !e.DATABASE_URL;
  const demoMode = e.DEMO_MODE ?? (e.NODE_ENV !== 'production' && embedded);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // Demo mode has known passwords: it listens on this machine only unless HOST says otherwise.
    host: e.HOST ?? (demoMode ? '127.0.0.1' : '0.0.0.0'),
    basePath: e.BASE_PATH,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    demoMode,
    builtinIdp: e.BUILTIN_IDP,
    variant: e.VARIANT,
    appSettingsFile: e.APPSETTINGS_FILE,
    disabledFeatures,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'development' && process.stdout.isTTY ? 'pretty' : 'json'),
    logRequests: e.LOG_LEVEL === 'debug' || e.LOG_LEVEL === 'trace',
    seed: e.SEED,
    seedDevices: e.SEED_DEVICES,
    seedJobs: e.SEED_JOBS ?? null,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    errorReportingDsn: e.ERROR_REPORTING_DSN ?? null,
    heartbeatAliveSeconds: e.HEARTBEAT_ALIVE_SECONDS,
    versionFileLimit: e.VERSION_FILE_LIMIT,
    rolloutStepSeconds: e.ROLLOUT_STEP_SECONDS,
    shipmentTrackingSeconds: e.SHIPMENT_TRACKING_SECONDS,
    alertEvaluateSeconds: e.ALERT_EVALUATE_SECONDS,
    webhookDeliverySeconds: e.WEBHOOK_DELIVERY_SECONDS,
    paymentProvider: e.PAYMENT_PROVIDER,
    paymentWebhookSecret: e.PAYMENT_WEBHOOK_SECRET ?? null,
    redisUrl: e.REDIS_URL ?? null,
    nodeName: e.NODE_NAME ?? `${hostname()}:${e.PORT}`,
    metricsToken: e.METRICS_TOKEN ?? null,
    // Behind a proxy (several nodes share Redis) it needs a few seconds to see the node is not ready.
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (e.REDIS_URL ? 5 : 0),
    webDir: e.WEB_DIR ? path.resolve(e.WEB_DIR) : undefined,
    mediaS3: mediaS3Of(e),
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    consoleDevServer: e.CONSOLE_DEV_SERVER ? new URL(e.CONSOLE_DEV_SERVER).origin : null,
    smtp: e.SMTP_URL
      ? {
          url: e.SMTP_URL,
          from:
            e.SMTP_FROM ?? `Fleet Console <no-reply@${new URL(e.PUBLIC_URL ?? 'http://localhost').hostname}>`,
          attachmentLimit: e.SMTP_ATTACHMENT_LIMIT,
        }
      : null,
  };
}
