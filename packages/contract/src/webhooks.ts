import { z } from 'zod';
import { canUseFeature } from './features.ts';
import type { FieldRuleKind } from './field-rules.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import {
  ALERT_KINDS,
  FLEET_EVENTS,
  FLEET_EVENT_TYPES,
  alertThreshold,
  canSubscribe,
  type AlertKind,
  type FleetEventType,
} from './notifications.ts';
import { seesWholeFleet, type RoleCode } from './roles.ts';

/**
 * Integrators' endpoints (docs/notifications.md "Webhooks"): each receives, signed, the events of one
 * company (or, set up by the maker's staff, of every company) that it subscribed to.
 */

/** The event types an endpoint may receive: a company's records, never what concerns one user alone. */
export type WebhookEventType = {
  [Type in FleetEventType]: (typeof FLEET_EVENTS)[Type]['reach'] extends 'company' ? Type : never;
}[FleetEventType];
export const WEBHOOK_EVENT_TYPES = FLEET_EVENT_TYPES.filter(
  (type): type is WebhookEventType => FLEET_EVENTS[type].reach === 'company',
);

export function isWebhookEventType(type: string): type is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);
}

/** The types these roles may subscribe an endpoint to: those they may hear of themselves. */
export function webhookEventTypesFor(roles: readonly RoleCode[]): WebhookEventType[] {
  return WEBHOOK_EVENT_TYPES.filter((type) => canSubscribe(type, roles));
}

/**
 * The one threshold an event type reaches webhooks at: its rules' default (a device silent for 60
 * minutes, a calibration ending within 30 days), else none. Users' own thresholds stay theirs.
 */
export function webhookThreshold(type: FleetEventType): number | null {
  if (!Object.hasOwn(ALERT_KINDS, type)) return null;
  return alertThreshold(type as AlertKind)?.default ?? null;
}

/** What decides whether an endpoint receives an event. */
export interface WebhookReach {
  eventTypes: readonly string[];
  /** Null: every company, for an owner of the maker's staff. */
  companyId: string | null;
  /** The roles of its owner now (null once the owner is gone). */
  ownerRoles: readonly RoleCode[] | null;
}

/**
 * Whether an endpoint receives an event: a type it subscribed to, at the webhook threshold, and the
 * event's company its own; an endpoint of every company only while its owner keeps the right to
 * webhooks and sees the whole fleet.
 */
export function webhookReceives(
  endpoint: WebhookReach,
  event: { type: string; companyId: string | null; threshold: number | null },
): boolean {
  if (!isWebhookEventType(event.type) || !endpoint.eventTypes.includes(event.type)) return false;
  if (event.threshold !== webhookThreshold(event.type)) return false;
  if (endpoint.companyId !== null) return endpoint.companyId === event.companyId;
  const roles = endpoint.ownerRoles;
  return roles !== null && canUseFeature('WEBHOOKS', roles) && seesWholeFleet(roles);
}

export const WEBHOOK_URL_MAX = 2000;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return true;
  return IPV4.exec(host)?.[1] === '127';
}

/** A literal address of a private, link-local or unspecified network (names are not resolved here). */
function isPrivateAddress(host: string): boolean {
  const v4 = IPV4.exec(host)?.slice(1).map(Number);
  if (v4) {
    const [a, b] = v4 as [number, number];
    return (
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (!host.startsWith('[')) return false;
  const v6 = host.slice(1, -1);
  return v6 === '::' || /^f[cd]/.test(v6) || /^fe[89ab]/.test(v6) || /^::ffff:/.test(v6);
}

/**
 * The rule a webhook URL breaks, or null. HTTPS only; plain HTTP to this machine (loopback), or to any
 * host in demo mode. No user name or password in it. Outside demo mode, no literal address of a private
 * network (a first guard against requests into the server's own network; names are not resolved).
 */
export function webhookUrlRule(text: string, { demoMode }: { demoMode: boolean }): FieldRuleKind | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'format';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'https_only';
  if (url.username || url.password) return 'credentials';
  const host = url.hostname.toLowerCase();
  if (demoMode || isLoopback(host)) return null;
  if (url.protocol === 'http:') return 'https_only';
  return isPrivateAddress(host) ? 'private_address' : null;
}

const eventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]]);
const urlSchema = z.url({ protocol: /^https?$/ }).max(WEBHOOK_URL_MAX);
const eventTypesSchema = z
  .array(eventTypeSchema)
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((types) => new Set(types).size === types.length, 'names a type twice');

/** `POST /api/Webhooks`: a new endpoint, of one company or (the maker's staff only) of every one. */
export const webhookCreateSchema = z
  .object({ url: urlSchema, eventTypes: eventTypesSchema, companyId: z.uuid().nullable() })
  .meta({
    examples: [{ url: 'https://hooks.example.com/fleet', eventTypes: ['job.created'], companyId: null }],
  });
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;

/** `PUT /api/Webhooks/{id}`: its address, its types, on or off (turned on again, its failures are forgotten). */
export const webhookUpdateSchema = z
  .object({ url: urlSchema, eventTypes: eventTypesSchema, enabled: z.boolean() })
  .meta({
    examples: [{ url: 'https://hooks.example.com/fleet', eventTypes: ['job.created'], enabled: true }],
  });
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;

/** Why an endpoint was turned off by the server; null when a person turned it off. */
export const WEBHOOK_DISABLED_REASONS = ['consecutive-failures', 'failing-for-a-day'] as const;
export type WebhookDisabledReason = (typeof WEBHOOK_DISABLED_REASONS)[number];

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  eventTypes: z.array(eventTypeSchema),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  ownerName: z.string().nullable(),
  enabled: z.boolean(),
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabledAt: z.string().nullable(),
  consecutiveFailures: z.number().int(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

/** The signing secret: answered when the endpoint is created and when it is rotated, never again. */
export const webhookSecretSchema = z.object({ secret: z.string() });
export const webhookCreatedSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivering', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  occurredAt: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** When it is sent again, while it is pending. */
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({
  data: z.array(webhookDeliverySchema),
  totalCount: z.number().int(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

/** An endpoint's delivery log: newest first, offset-paged, by status. */
export const WEBHOOK_DELIVERY_LIST: ListDefinition = {
  sortColumns: ['CreatedAt'],
  defaultSortOrder: 'DESC',
  filters: ['Status'],
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

/** The longest part of a receiver's answer kept with an attempt. */
export const WEBHOOK_RESPONSE_EXCERPT_MAX = 1024;

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status; null when no answer came (refused, timed out). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  responseExcerpt: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookAttemptListSchema = z.object({ attempts: z.array(webhookAttemptSchema) });
export type WebhookAttemptList = z.infer<typeof webhookAttemptListSchema>;

/** A delivery's id in a path: digits, from 1 to the largest integer a JSON number holds exactly. */
export const deliveryIdParamSchema = z
  .string()
  .max(16, 'must be an id: a whole number from 1 to 9007199254740991')
  .regex(/^[0-9]+$/, 'must be an id: a whole number from 1 to 9007199254740991')
  .transform(Number)
  .refine(
    (id) => id >= 1 && id <= Number.MAX_SAFE_INTEGER,
    'must be an id: a whole number from 1 to 9007199254740991',
  );

/** The headers each delivery carries (Stripe's manner of signing). */
export const WEBHOOK_HEADERS = {
  id: 'Webhook-Id',
  timestamp: 'Webhook-Timestamp',
  signature: 'Webhook-Signature',
} as const;
