import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { PACKAGE_STATUSES } from './orders.ts';
import { tokenFilterKeys, type SearchTokenDefinition } from './search-tokens.ts';

/** docs/commerce.md "Shipping": a package's line in orders management. */
export const packageRowSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNumber: z.string(),
  companyName: z.string(),
  direction: z.enum(['inbound', 'return']),
  carrier: z.string(),
  trackingNumber: z.string(),
  status: z.enum(PACKAGE_STATUSES),
  weightGrams: z.number().int(),
  pickupDate: z.string().nullable(),
  currency: z.string(),
  expectedChargeMinor: z.number().int(),
  billedChargeMinor: z.number().int().nullable(),
  billingReason: z.string().nullable(),
  auditStatus: z.enum(['pending', 'matched', 'accepted', 'disputed']),
  customsDeclaration: z.string().nullable(),
  createdAt: z.string(),
});
export type PackageRow = z.infer<typeof packageRowSchema>;
export const packageListAnswerSchema = z.object({
  packages: z.array(packageRowSchema),
  totalCount: z.number().int(),
});

export const PACKAGE_TOKENS: readonly SearchTokenDefinition[] = [
  {
    type: 'Search',
    label: 'orders_management.packages.filters.search',
    kind: 'text',
    unique: true,
    order: 0,
  },
  {
    type: 'Direction',
    label: 'orders_management.packages.filters.direction',
    kind: 'choice',
    unique: true,
    choices: ['inbound', 'return'],
    order: 1,
  },
  {
    type: 'Status',
    label: 'orders_management.packages.filters.status',
    kind: 'choice',
    choices: PACKAGE_STATUSES,
    order: 2,
  },
];
export const PACKAGE_LIST: ListDefinition = {
  sortColumns: ['CreatedAt'],
  defaultSortOrder: 'DESC',
  filters: tokenFilterKeys(PACKAGE_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

/** The carrier audit: delivered packages whose bill is known, the discrepancies first to review. */
export const CARRIER_AUDIT_STATUSES = ['pending', 'matched', 'accepted', 'disputed'] as const;
export const CARRIER_AUDIT_TOKENS: readonly SearchTokenDefinition[] = [
  {
    type: 'Search',
    label: 'orders_management.packages.filters.search',
    kind: 'text',
    unique: true,
    order: 0,
  },
  {
    type: 'AuditStatus',
    label: 'orders_management.audit.filters.status',
    kind: 'choice',
    choices: CARRIER_AUDIT_STATUSES,
    order: 1,
  },
];
export const CARRIER_AUDIT_LIST: ListDefinition = {
  sortColumns: ['DeliveredAt'],
  defaultSortOrder: 'DESC',
  filters: tokenFilterKeys(CARRIER_AUDIT_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};
export const carrierAuditBodySchema = z.strictObject({
  status: z.enum(['accepted', 'disputed']),
  note: z.string().trim().max(500, 'must be at most 500 characters').optional(),
});

export const pickupRowSchema = z.object({
  id: z.number().int(),
  pickupDate: z.string(),
  carrier: z.string(),
  confirmation: z.string(),
  place: z.string(),
  packages: z.array(
    z.object({ trackingNumber: z.string(), orderNumber: z.string(), status: z.enum(PACKAGE_STATUSES) }),
  ),
  createdBy: z.string(),
});
export const pickupListAnswerSchema = z.object({
  pickups: z.array(pickupRowSchema),
  totalCount: z.number().int(),
});
