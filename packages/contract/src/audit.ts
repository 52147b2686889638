import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { tokenFilterKeys, type SearchTokenDefinition } from './search-tokens.ts';

/**
 * What the audit log records about (docs/audit.md): each action with the kind of record it changes. Every
 * route that changes something a person asked for names its actions (the route's `audit`), and the
 * logs screen offers them as filters.
 */
export const AUDIT_ACTIONS = {
  'job.edit': 'job',
  'job-template.create': 'job-template',
  'job-template.update': 'job-template',
  'job-template.delete': 'job-template',
  'version.upload': 'version',
  'version.availability': 'version',
  'version.delete': 'version',
  'device-type.declare': 'device-type',
  'device-type.delete': 'device-type',
  'rollout.start': 'rollout',
  'rollout.pause': 'rollout',
  'rollout.resume': 'rollout',
  'rollout.cancel': 'rollout',
  'series.renumber': 'series',
  'series.hub-action': 'series',
  'series.status': 'series',
  'series.refurbish': 'series',
  'series.deassociate': 'series',
  'series.delete': 'series',
  'series.description': 'series',
  'series.early-access': 'series',
  'series.activation': 'series',
  'series.users': 'series',
  'series.store': 'series',
  'series.component': 'series',
  'series.screenshot-delete': 'series',
  'series.migrate': 'series',
  'series.device-key': 'series',
  'series.configuration': 'series',
  'accessory.data': 'accessory',
  'store.create': 'store',
  'store.update': 'store',
  'store.delete': 'store',
  'user.rights': 'user',
  'user.password': 'user',
  'device-group.create': 'device-group',
  'device-group.update': 'device-group',
  'device-group.delete': 'device-group',
  'device-group.configuration': 'device-group',
  'certificate.register': 'certificate',
  'certificate.assign': 'certificate',
  'certificate.quality': 'certificate',
  'certificate-template.update': 'certificate-template',
  'certificate-template.delete': 'certificate-template',
  'certificate-delivery.create': 'certificate-delivery',
  'corrupted-job.reprocess': 'corrupted-job',
  'corrupted-job.discard': 'corrupted-job',
  'part-number.update': 'part-number',
  'serial-range.create': 'serial-range',
  'serial-range.delete': 'serial-range',
  'factory-batch.create': 'factory-batch',
  'order.create': 'order',
  'order.request-quote': 'order',
  'order.quote': 'order',
  'order.accept-quote': 'order',
  'order.cancel': 'order',
  'order.pay': 'order',
  'order.record-payment': 'order',
  'order.schedule-pickup': 'order',
  'order.receive': 'order',
  'order.start-service': 'order',
  'order.next-step': 'order',
  'order.ship': 'order',
  'order.deliver': 'order',
  'order.addresses': 'order',
  'package.audit': 'package',
  'address.create': 'address',
  'address.update': 'address',
  'address.delete': 'address',
  'account.create': 'account',
  'account.update': 'account',
  'account.delete': 'account',
  'category.create': 'category',
  'category.update': 'category',
  'product.create': 'product',
  'product.update': 'product',
  'sku.create': 'sku',
  'sku.update': 'sku',
  'currency.create': 'currency',
  'currency.update': 'currency',
  'company.billing-currency': 'company',
  'payment-method-type.update': 'payment-method-type',
  'service-center.create': 'service-center',
  'service-center.update': 'service-center',
  'service-center.steps': 'service-center',
  'shipment-provider.create': 'shipment-provider',
  'shipment-provider.update': 'shipment-provider',
  'dashboard.create': 'dashboard',
  'dashboard.update': 'dashboard',
  'dashboard.delete': 'dashboard',
  'vehicle.create': 'vehicle',
  'vehicle.update': 'vehicle',
  'vehicle.delete': 'vehicle',
  'battery.create': 'battery',
  'battery.update': 'battery',
  'battery.delete': 'battery',
  'translation.updated': 'translation',
  'translation.removed': 'translation',
  'translation-language.added': 'translation-language',
  'survey.answered': 'survey',
  'survey.imported': 'survey',
  'webhook.create': 'webhook',
  'webhook.update': 'webhook',
  'webhook.delete': 'webhook',
  'webhook.rotate': 'webhook',
  'webhook.replay': 'webhook',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export type AuditSubject = (typeof AUDIT_ACTIONS)[AuditAction];
export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[];
export const AUDIT_SUBJECTS = [...new Set(Object.values(AUDIT_ACTIONS))] as AuditSubject[];

export function isAuditAction(value: string): value is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, value);
}

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Null once the user is removed; the name stays as it was. */
  actorId: z.string().nullable(),
  actorName: z.string(),
  action: z.string(),
  subjectType: z.string(),
  subjectId: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_SORT_COLUMNS = ['At'] as const;

/** The logs screen's filters (docs/company-tools.md). */
export const AUDIT_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'User', label: 'audit.filters.user', kind: 'text', unique: true, order: 0 },
  { type: 'Action', label: 'audit.filters.action', kind: 'choice', choices: AUDIT_ACTION_NAMES, order: 1 },
  {
    type: 'SubjectType',
    label: 'audit.filters.subject_type',
    kind: 'choice',
    unique: true,
    choices: AUDIT_SUBJECTS,
    order: 2,
  },
  { type: 'SubjectId', label: 'audit.filters.subject_id', kind: 'text', unique: true, order: 3 },
  {
    type: 'At',
    label: 'audit.filters.at',
    kind: 'date',
    unique: true,
    operators: ['equal', 'since', 'before', 'range'],
    order: 4,
  },
];

/** The audit log, newest first, cursor-paged. */
export const AUDIT_LIST: ListDefinition = {
  sortColumns: AUDIT_SORT_COLUMNS,
  defaultSortOrder: 'DESC',
  filters: tokenFilterKeys(AUDIT_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

/** `GET /api/AuditLog`: a page of entries; the paging links are in the x-paging-* headers. */
export const auditListAnswerSchema = z.object({ data: z.array(auditEntrySchema) });
