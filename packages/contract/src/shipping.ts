import { z } from 'zod';
import { catalogueCurrencySchema, checkOneAmountPerCurrency } from './catalogue.ts';
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

/** The carriers the server has an adapter for (docs/commerce.md "Shipping": a real carrier is one more). */
export const SHIPMENT_PROVIDER_KINDS = ['sandbox'] as const;

const rateAmount = z
  .number()
  .int('must be a whole number of minor units')
  .min(0, 'must not be negative')
  .max(100_000_000, 'is too large');
export const shipmentRateSchema = z.object({
  currency: catalogueCurrencySchema,
  perPackageMinor: rateAmount,
  perKgMinor: rateAmount,
});
/** A carrier account: a center's own, or global (no center) for every center without one. */
export const shipmentProviderSchema = z.object({
  id: z.number().int(),
  serviceCenter: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  name: z.string(),
  kind: z.enum(SHIPMENT_PROVIDER_KINDS),
  accountNumber: z.string(),
  rates: z.array(shipmentRateSchema),
  active: z.boolean(),
  packageCount: z.number().int(),
});
export type ShipmentProviderAccount = z.infer<typeof shipmentProviderSchema>;
export const shipmentProviderListAnswerSchema = z.object({
  shipmentProviders: z.array(shipmentProviderSchema),
});
export const shipmentProviderBodySchema = z
  .strictObject({
    serviceCenterId: z.number().int().positive().max(2_147_483_647).nullable(),
    name: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
    kind: z.enum(SHIPMENT_PROVIDER_KINDS),
    accountNumber: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
    rates: z.array(shipmentRateSchema).max(20, 'must be at most 20 rates'),
    active: z.boolean(),
  })
  .superRefine((body, context) => checkOneAmountPerCurrency(body.rates, 'rates', context))
  .meta({
    examples: [
      {
        serviceCenterId: 1,
        name: 'Sandbox carrier',
        kind: 'sandbox',
        accountNumber: 'FSC-1',
        rates: [{ currency: 'EUR', perPackageMinor: 1800, perKgMinor: 250 }],
        active: true,
      },
    ],
  });
export type ShipmentProviderBody = z.input<typeof shipmentProviderBodySchema>;
