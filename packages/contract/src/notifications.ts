import { z } from 'zod';
import { canUseFeature, type FeatureCode } from './features.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { hasAnyRole, seesWholeFleet, type RoleCode } from './roles.ts';
import { tokenFilterKeys, type SearchTokenDefinition } from './search-tokens.ts';

/**
 * What the fleet tells its people and their systems (docs/notifications.md). Each event type names the
 * feature a user needs to hear of it and whose it is: the device's company (`company`), or only the user
 * it concerns (`owner`: a user's own export, a user's own webhook).
 */
export const FLEET_EVENTS = {
  'device.offline': { feature: 'SERIES', reach: 'company', record: 'series' },
  'device.online': { feature: 'SERIES', reach: 'company', record: 'series' },
  'calibration.expiring': { feature: 'SERIES.DETAILS.CERTIFICATES', reach: 'company', record: 'series' },
  'calibration.expired': { feature: 'SERIES.DETAILS.CERTIFICATES', reach: 'company', record: 'series' },
  'job.created': { feature: 'JOBS', reach: 'company', record: 'job' },
  'job.failed': { feature: 'JOBS', reach: 'company', record: 'job' },
  'job.corrupted': { feature: 'CORRUPTEDJOBS', reach: 'company', record: 'corrupted-job' },
  'rollout.stopped': { feature: 'VERSIONS', reach: 'company', record: 'rollout' },
  'rollout.finished': { feature: 'VERSIONS', reach: 'company', record: 'rollout' },
  'task.finished': { feature: 'USER', reach: 'owner', record: 'task' },
  'task.failed': { feature: 'USER', reach: 'owner', record: 'task' },
  'order.status-changed': { feature: 'ORDERS', reach: 'company', record: 'order' },
  'order.needs-action': { feature: 'SHOPPING.MANAGE.ORDERS', reach: 'company', record: 'order' },
  'webhook.disabled': { feature: 'WEBHOOKS', reach: 'owner', record: 'webhook' },
} as const satisfies Record<string, { feature: FeatureCode; reach: 'company' | 'owner'; record: string }>;

export type FleetEventType = keyof typeof FLEET_EVENTS;
export const FLEET_EVENT_TYPES = Object.keys(FLEET_EVENTS) as FleetEventType[];
export type FleetRecordType = (typeof FLEET_EVENTS)[FleetEventType]['record'];

/** Each event's payload, version 1; a payload that changes shape gets a new version beside the old. */
const seriesFields = { serialNumber: z.string(), companyId: z.string().nullable() };
export const FLEET_EVENT_PAYLOADS = {
  'device.offline': z.object({ ...seriesFields, lastHeartbeat: z.string(), minutes: z.number().int() }),
  'device.online': z.object({ ...seriesFields, offlineSince: z.string(), backAt: z.string() }),
  'calibration.expiring': z.object({
    ...seriesFields,
    certificateNumber: z.string(),
    endOfValidity: z.string(),
    days: z.number().int(),
  }),
  'calibration.expired': z.object({
    ...seriesFields,
    certificateNumber: z.string(),
    endOfValidity: z.string(),
  }),
  'job.created': z.object({
    ...seriesFields,
    jobId: z.number().int(),
    workflow: z.string(),
    jobType: z.number().int(),
    jobStatus: z.number().int(),
    synthetic: z.boolean(),
    beginDate: z.string(),
  }),
  'job.failed': z.object({
    ...seriesFields,
    jobId: z.number().int(),
    workflow: z.string(),
    /** `result`: the job ended in error; `calibration-check`: its calibration check failed. */
    reason: z.enum(['result', 'calibration-check']),
    beginDate: z.string(),
  }),
  'job.corrupted': z.object({ ...seriesFields, corruptedJobId: z.number().int(), receivedAt: z.string() }),
  'rollout.stopped': z.object({
    rolloutId: z.number().int(),
    deviceType: z.string(),
    version: z.string(),
    reason: z.string().nullable(),
  }),
  'rollout.finished': z.object({ rolloutId: z.number().int(), deviceType: z.string(), version: z.string() }),
  'task.finished': z.object({ taskId: z.string(), description: z.string() }),
  'task.failed': z.object({ taskId: z.string(), description: z.string(), error: z.string().nullable() }),
  'order.status-changed': z.object({
    orderId: z.number().int(),
    number: z.string(),
    status: z.string(),
    companyId: z.string().nullable(),
  }),
  'order.needs-action': z.object({
    orderId: z.number().int(),
    number: z.string(),
    status: z.string(),
    companyId: z.string().nullable(),
  }),
  'webhook.disabled': z.object({ endpointId: z.number().int(), url: z.string(), failures: z.number().int() }),
} as const satisfies Record<FleetEventType, z.ZodType>;

export type FleetEventPayload<Type extends FleetEventType> = z.infer<(typeof FLEET_EVENT_PAYLOADS)[Type]>;
export const FLEET_EVENT_VERSION = 1;

/** An event as a notification carries it and a webhook delivers it. */
export const fleetEventSchema = z.object({
  id: z.string(),
  type: z.enum(FLEET_EVENT_TYPES as [FleetEventType, ...FleetEventType[]]),
  version: z.number().int(),
  occurredAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type FleetEvent = z.infer<typeof fleetEventSchema>;

/** Order statuses in which the staff have the next step (the customer waits on them). */
export const ORDER_STATUSES_NEEDING_STAFF = ['quote-requested', 'paid', 'received'] as const;

// ---- Alert rules ----

/** The channels a rule sends by: the console's notification center, an e-mail each, a daily digest e-mail. */
export const ALERT_CHANNELS = ['console', 'email', 'digest'] as const;
export type AlertChannel = (typeof ALERT_CHANNELS)[number];

/** The rules a user may subscribe to: each an event type, some with a threshold (minutes or days). */
export const ALERT_KINDS = {
  'device.offline': { threshold: { unit: 'minutes', min: 1, max: 10_080, default: 60 } },
  'device.online': {},
  'calibration.expiring': { threshold: { unit: 'days', min: 1, max: 365, default: 30 } },
  'calibration.expired': {},
  'job.failed': {},
  'job.corrupted': {},
  'rollout.stopped': {},
  'rollout.finished': {},
  'task.finished': {},
  'task.failed': {},
  'order.status-changed': {},
  'order.needs-action': {},
  'webhook.disabled': {},
} as const satisfies Partial<
  Record<
    FleetEventType,
    { threshold?: { unit: 'minutes' | 'days'; min: number; max: number; default: number } }
  >
>;
export type AlertKind = keyof typeof ALERT_KINDS;
export const ALERT_KIND_NAMES = Object.keys(ALERT_KINDS) as AlertKind[];

export function alertThreshold(kind: AlertKind) {
  const definition: { threshold?: { unit: 'minutes' | 'days'; min: number; max: number; default: number } } =
    ALERT_KINDS[kind];
  return definition.threshold ?? null;
}

/** Whether these roles may hear of this kind of event at all (the company is checked per event). */
export function canSubscribe(kind: FleetEventType, roles: readonly RoleCode[]): boolean {
  return canUseFeature(FLEET_EVENTS[kind].feature, roles);
}

/** Whether a user with these roles and company may hear of an event of this company (or of nobody's). */
export function reachesUser(
  companyOfEvent: string | null,
  user: { roles: readonly RoleCode[]; companyId: string | null },
): boolean {
  if (seesWholeFleet(user.roles)) return true;
  return companyOfEvent !== null && companyOfEvent === user.companyId;
}

export const alertRuleInputSchema = z
  .object({
    kind: z.enum(ALERT_KIND_NAMES as [AlertKind, ...AlertKind[]]),
    threshold: z.number().int().min(1).max(10_080).nullable(),
    channel: z.enum(ALERT_CHANNELS),
    /** Staff may narrow a rule to one company; a customer's rules are their own company's. */
    companyId: z.uuid().nullable(),
    enabled: z.boolean(),
  })
  .superRefine((rule, context) => {
    const threshold = alertThreshold(rule.kind);
    if (!threshold && rule.threshold !== null)
      context.addIssue({ code: 'custom', path: ['threshold'], message: 'This rule takes no threshold' });
    if (threshold && (rule.threshold === null || rule.threshold > threshold.max))
      context.addIssue({
        code: 'too_big',
        origin: 'number',
        maximum: threshold.max,
        inclusive: true,
        path: ['threshold'],
        message: `At most ${threshold.max}`,
      });
  });
export type AlertRuleInput = z.infer<typeof alertRuleInputSchema>;

export const alertRuleSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ALERT_KIND_NAMES as [AlertKind, ...AlertKind[]]),
  threshold: z.number().int().nullable(),
  channel: z.enum(ALERT_CHANNELS),
  companyId: z.string().nullable(),
  enabled: z.boolean(),
  /** Notifications this rule held back in the last hour (the per-rule cap, docs/notifications.md). */
  heldBack: z.number().int(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

/** `GET /api/Me/AlertRules`: the user's rules, and whether they are still the defaults of their roles. */
export const alertRulesAnswerSchema = z.object({ defaults: z.boolean(), rules: z.array(alertRuleSchema) });
export type AlertRulesAnswer = z.infer<typeof alertRulesAnswerSchema>;

/** `PUT /api/Me/AlertRules`: the whole set, replacing the one before. */
export const alertRulesInputSchema = z.object({ rules: z.array(alertRuleInputSchema).max(50) });

const CUSTOMER_MANAGERS: readonly RoleCode[] = ['customer-engineering-manager', 'customer-warranty-manager'];
const SUPPORT: readonly RoleCode[] = ['support-manager', 'support-user'];
const DEVOPS: readonly RoleCode[] = ['devops-manager', 'devops-user'];
const SHOP_STAFF: readonly RoleCode[] = ['administrator', 'support-manager', 'business'];

/**
 * What a user hears of before choosing (docs/notifications.md): a customer's managers the calibration of
 * their devices, support the devices that go silent and the rollouts that stop, everyone their own exports.
 */
export function defaultAlertRules(roles: readonly RoleCode[]): AlertRuleInput[] {
  const rule = (kind: AlertKind, channel: AlertChannel = 'console'): AlertRuleInput => ({
    kind,
    threshold: alertThreshold(kind)?.default ?? null,
    channel,
    companyId: null,
    enabled: true,
  });
  const rules: AlertRuleInput[] = [rule('task.finished'), rule('task.failed')];
  if (hasAnyRole(CUSTOMER_MANAGERS, roles))
    rules.push(rule('calibration.expiring', 'digest'), rule('calibration.expired'));
  if (hasAnyRole(SUPPORT, roles)) rules.push(rule('device.offline'), rule('rollout.stopped'));
  if (hasAnyRole(DEVOPS, roles)) rules.push(rule('rollout.stopped'), rule('rollout.finished'));
  if (hasAnyRole(['customer-engineering-manager', 'customer-engineering-user'], roles))
    rules.push(rule('order.status-changed'));
  if (hasAnyRole(SHOP_STAFF, roles)) rules.push(rule('order.needs-action'));
  rules.push(rule('webhook.disabled', 'email'));
  const seen = new Set<string>();
  return rules.filter((candidate) => {
    if (seen.has(candidate.kind) || !canSubscribe(candidate.kind, roles)) return false;
    seen.add(candidate.kind);
    return true;
  });
}

// ---- Notifications ----

export const notificationSchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  event: fleetEventSchema,
  /** The record it links to: a device's serial number, a job's id, an order's, a rollout's, a task's. */
  record: z.object({ type: z.string(), id: z.string() }),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The notifications page's filters: the unread ones only, some event types only. */
export const NOTIFICATION_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Unread', label: 'notifications.filters.unread', kind: 'boolean', unique: true, order: 0 },
  { type: 'Type', label: 'notifications.filters.type', kind: 'choice', choices: FLEET_EVENT_TYPES, order: 1 },
];

/** The notifications page: newest first, offset-paged, read or not. */
export const NOTIFICATION_LIST: ListDefinition = {
  sortColumns: ['CreatedAt'],
  defaultSortOrder: 'DESC',
  filters: tokenFilterKeys(NOTIFICATION_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

export const notificationListAnswerSchema = z.object({
  data: z.array(notificationSchema),
  totalCount: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationListAnswer = z.infer<typeof notificationListAnswerSchema>;

/** `GET /api/Notifications/Unread`: the bell's count and the panel's most recent. */
export const notificationSummarySchema = z.object({
  unreadCount: z.number().int(),
  recent: z.array(notificationSchema),
});
export type NotificationSummary = z.infer<typeof notificationSummarySchema>;

/** `POST /api/Notifications/Read`: some, or all up to the newest the user saw. */
export const notificationReadSchema = z.union([
  z.object({
    ids: z
      .array(
        z
          .number()
          .int()
          .min(1)
          .max(2 ** 53 - 1),
      )
      .min(1)
      .max(500),
  }),
  z.object({
    upTo: z
      .number()
      .int()
      .min(1)
      .max(2 ** 53 - 1),
  }),
]);

/** The panel shows this many. */
export const NOTIFICATION_PANEL_SIZE = 8;
/** At most this many notifications per rule and hour; the rest are counted, not sent. */
export const ALERT_RULE_HOURLY_CAP = 20;

/** The hub event a console's bell listens to (in its user's own room): the unread count changed. */
export const NOTIFICATIONS_HUB_EVENT = 'notifications';
export const notificationsHubPayloadSchema = z.object({ unreadCount: z.number().int() });
export type NotificationsHubPayload = z.infer<typeof notificationsHubPayloadSchema>;
