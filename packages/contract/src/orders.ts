import { z } from 'zod';
import { storeAddressSchema } from './series.ts';
import { MAX_AMOUNT_MINOR } from './money.ts';
import { MAX_ID } from './api.ts';
import { CURRENT_TERMS_VERSION } from './terms.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { tokenFilterKeys, type SearchTokenDefinition } from './search-tokens.ts';

/** docs/commerce.md "Orders": the states of an order, in the order they come. */
export const ORDER_STATUSES = [
  'quote-requested',
  'quoted',
  'awaiting-payment',
  'paid',
  'pickup-scheduled',
  'received',
  'in-service',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** The statuses in which an order still holds its devices (a device is in one open order at most). */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (status) => status !== 'delivered' && status !== 'cancelled',
);

/**
 * What can be done to an order, by whom, from which statuses, and the status it leads to. `nextStep`
 * stays in service; `payment` is the provider's notification or accounting's record of a transfer.
 */
export const ORDER_ACTIONS = {
  requestQuote: { by: 'customer', from: ['awaiting-payment'], to: 'quote-requested' },
  acceptQuote: { by: 'customer', from: ['quoted'], to: 'awaiting-payment' },
  cancel: { by: 'both', from: ['quote-requested', 'quoted', 'awaiting-payment'], to: 'cancelled' },
  pay: { by: 'customer', from: ['awaiting-payment'], to: 'paid' },
  sendQuote: { by: 'staff', from: ['quote-requested', 'quoted'], to: 'quoted' },
  recordPayment: { by: 'staff', from: ['awaiting-payment'], to: 'paid' },
  schedulePickup: { by: 'staff', from: ['paid'], to: 'pickup-scheduled' },
  receive: { by: 'staff', from: ['pickup-scheduled'], to: 'received' },
  startService: { by: 'staff', from: ['received'], to: 'in-service' },
  nextStep: { by: 'staff', from: ['in-service'], to: 'in-service' },
  ship: { by: 'staff', from: ['in-service'], to: 'shipped' },
  deliver: { by: 'staff', from: ['shipped'], to: 'delivered' },
} as const satisfies Record<
  string,
  { by: 'customer' | 'staff' | 'both'; from: readonly OrderStatus[]; to: OrderStatus }
>;
export type OrderAction = keyof typeof ORDER_ACTIONS;

export interface OrderActionState {
  status: OrderStatus;
  /** An invoice is issued: the order is no longer cancelled here (docs/commerce.md "Invoices"). */
  invoiced: boolean;
  paymentMethodType: string;
  /** In service: whether the order is at the center's last internal step (or the center has none). */
  atLastStep: boolean;
}

/** Whether the action applies to an order in this state, whoever asks. */
export function orderActionApplies(action: OrderAction, order: OrderActionState): boolean {
  const rule = ORDER_ACTIONS[action];
  if (!(rule.from as readonly OrderStatus[]).includes(order.status)) return false;
  switch (action) {
    case 'cancel':
    case 'requestQuote':
      return !order.invoiced;
    case 'pay':
      return order.paymentMethodType === 'card';
    case 'recordPayment':
      return order.paymentMethodType !== 'card';
    case 'nextStep':
      return !order.atLastStep;
    case 'ship':
      return order.atLastStep;
    default:
      return true;
  }
}

export function orderActionsFor(
  side: 'customer' | 'staff' | 'accounting',
  order: OrderActionState,
): OrderAction[] {
  return (Object.keys(ORDER_ACTIONS) as OrderAction[]).filter(
    (action) =>
      (ORDER_ACTIONS[action].by === side || ORDER_ACTIONS[action].by === 'both') &&
      orderActionApplies(action, order),
  );
}

export const ORDER_INTENTS = ['pay', 'quote'] as const;
const id = z.number().int().positive().max(MAX_ID);
const serialNumbers = z
  .array(z.string().trim().min(1).max(40))
  .min(1, 'must name at least one device')
  .max(50, 'must name at most 50 devices')
  .refine((list) => new Set(list).size === list.length, 'must not name a device twice');

/**
 * What a customer sends to price a calibration request. Strict: a price, a total or any field the server
 * does not expect is a 400 (lines are priced on the server, never taken from the client).
 */
export const orderPreviewBodySchema = z.strictObject({
  serialNumbers,
  serviceCenterId: id,
  pickupAddressId: id,
});
export type OrderPreviewBody = z.infer<typeof orderPreviewBodySchema>;

export const orderCreateBodySchema = z.strictObject({
  serialNumbers,
  serviceCenterId: id,
  pickupAddressId: id,
  /** The billing address; the pick-up address when absent. */
  billingAddressId: id.optional(),
  paymentMethodType: z.string().trim().min(1).max(40),
  intent: z.enum(ORDER_INTENTS),
  acceptedTermsVersion: z.string().trim().min(1).max(20),
  /** With a quote request: what the customer needs quoted, and their purchase-order reference. */
  quoteMessage: z.string().trim().max(2000, 'must be at most 2,000 characters').optional(),
  purchaseOrder: z.string().trim().max(60, 'must be at most 60 characters').optional(),
});
export type OrderCreateBody = z.infer<typeof orderCreateBodySchema>;

export const ORDER_LINE_KINDS = ['calibration', 'part', 'service', 'shipping', 'discount'] as const;
export type OrderLineKind = (typeof ORDER_LINE_KINDS)[number];

export const orderLineSchema = z.object({
  kind: z.enum(ORDER_LINE_KINDS),
  skuCode: z.string().nullable(),
  description: z.string(),
  serialNumber: z.string().nullable(),
  deviceType: z.string().nullable(),
  quantity: z.number().int(),
  unitAmountMinor: z.number().int(),
  amountMinor: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** A device the request cannot take, and why: unknown (or another company's), no price, in an order. */
export const ORDER_DEVICE_PROBLEMS = [
  'not-found',
  'no-price',
  'in-open-order',
  'not-calibrated-here',
  'not-activated',
] as const;

export const orderPreviewAnswerSchema = z.object({
  currency: z.string(),
  lines: z.array(orderLineSchema),
  totalMinor: z.number().int(),
});
export type OrderPreviewAnswer = z.infer<typeof orderPreviewAnswerSchema>;

export const orderAddressSchema = storeAddressSchema.extend({ label: z.string().optional() });
export type OrderAddress = z.infer<typeof orderAddressSchema>;

/** What a calibration request offers: service centers, payment methods, the current terms, the currency. */
export const calibrationOptionsSchema = z.object({
  currency: z.string(),
  termsVersion: z.string(),
  serviceCenters: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      name: z.string(),
      address: orderAddressSchema,
      deviceTypes: z.array(z.string()),
    }),
  ),
  paymentMethodTypes: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type CalibrationOptions = z.infer<typeof calibrationOptionsSchema>;

export const ORDER_SORT_COLUMNS = ['CreatedAt', 'Number', 'TotalMinor'] as const;

/** The orders lists' filters: the customer's (`/user/orders`) and staff's (orders management). */
export const ORDER_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Search', label: 'orders.filters.search', kind: 'text', unique: true, order: 0 },
  { type: 'Status', label: 'orders.filters.status', kind: 'choice', choices: ORDER_STATUSES, order: 1 },
  { type: 'Company', label: 'orders.filters.company', kind: 'choice', internalOnly: true, order: 2 },
  {
    type: 'ServiceCenter',
    label: 'orders.filters.service_center',
    kind: 'choice',
    internalOnly: true,
    order: 3,
  },
];

export const ORDER_LIST: ListDefinition = {
  sortColumns: ORDER_SORT_COLUMNS,
  defaultSortOrder: 'DESC',
  filters: tokenFilterKeys(ORDER_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

export const orderSummarySchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: orderStatusSchema,
  company: z.object({ id: z.string(), name: z.string() }),
  serviceCenter: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  currency: z.string(),
  totalMinor: z.number().int(),
  deviceCount: z.number().int(),
  paymentMethodType: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;
export const orderListAnswerSchema = z.object({
  orders: z.array(orderSummarySchema),
  totalCount: z.number().int(),
});

export const orderEventSchema = z.object({
  at: z.string(),
  action: z.string(),
  status: orderStatusSchema,
  actorName: z.string(),
  note: z.string().nullable(),
  stepName: z.string().nullable(),
});

export const PACKAGE_STATUSES = ['label-created', 'picked-up', 'in-transit', 'delivered'] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

export const orderPackageSchema = z.object({
  id: z.number().int(),
  direction: z.enum(['inbound', 'return']),
  carrier: z.string(),
  trackingNumber: z.string(),
  status: z.enum(PACKAGE_STATUSES),
  weightGrams: z.number().int(),
  pickupDate: z.string().nullable(),
  events: z.array(z.object({ at: z.string(), status: z.enum(PACKAGE_STATUSES), location: z.string() })),
});

export const orderSchema = orderSummarySchema.extend({
  lines: z.array(orderLineSchema),
  pickupAddress: orderAddressSchema,
  billingAddress: orderAddressSchema,
  serviceCenterAddress: orderAddressSchema,
  acceptedTermsVersion: z.string(),
  quote: z.object({
    message: z.string().nullable(),
    purchaseOrder: z.string().nullable(),
    note: z.string().nullable(),
    validUntil: z.string().nullable(),
  }),
  internalStep: z
    .object({ id: z.number().int(), name: z.string(), position: z.number().int(), of: z.number().int() })
    .nullable(),
  invoice: z.object({ id: z.number().int(), number: z.string(), issuedAt: z.string() }).nullable(),
  payment: z
    .object({ status: z.string(), amountMinor: z.number().int(), confirmedAt: z.string().nullable() })
    .nullable(),
  packages: z.array(orderPackageSchema),
  events: z.array(orderEventSchema),
  /** What the asking user may do now (the contract's rules and their rights). */
  actions: z.array(z.string()),
});
export type Order = z.infer<typeof orderSchema>;

/** A customer's device as the calibration request offers it. */
export const calibrationDeviceSchema = z.object({
  serialNumber: z.string(),
  deviceType: z.string(),
  description: z.string().nullable(),
  status: z.enum(['Ok', 'Warning', 'Urgent', 'Expired']).nullable(),
  endOfValidityDate: z.string().nullable(),
  priceMinor: z.number().int().nullable(),
  openOrder: z.object({ id: z.number().int(), number: z.string() }).nullable(),
});
export type CalibrationDevice = z.infer<typeof calibrationDeviceSchema>;
export const calibrationDeviceListAnswerSchema = z.object({
  devices: z.array(calibrationDeviceSchema),
  totalCount: z.number().int(),
  currency: z.string(),
});

/** The calibration request's device list: due devices first (end of validity, missing first). */
export const CALIBRATION_DEVICE_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Search', label: 'calibration_request.filters.search', kind: 'text', unique: true, order: 0 },
  {
    type: 'Due',
    label: 'calibration_request.filters.due',
    kind: 'choice',
    unique: true,
    choices: ['due', 'all'],
    order: 1,
  },
];
export const CALIBRATION_DEVICE_LIST: ListDefinition = {
  sortColumns: ['EndOfValidity', 'SerialNumber'],
  filters: tokenFilterKeys(CALIBRATION_DEVICE_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

export const quoteRequestBodySchema = z.strictObject({
  message: z.string().trim().max(2000, 'must be at most 2,000 characters').optional(),
  purchaseOrder: z.string().trim().max(60, 'must be at most 60 characters').optional(),
});

export const quoteAcceptBodySchema = z
  .strictObject({
    paymentMethodType: z.string().trim().min(1).max(40),
    acceptedTermsVersion: z.string().trim().min(1).max(20),
  })
  .meta({ examples: [{ paymentMethodType: 'card', acceptedTermsVersion: CURRENT_TERMS_VERSION }] });

/** Staff's quote: parts by SKU and quantity (priced on the server), a discount, a validity, a note. */
export const quoteBodySchema = z
  .strictObject({
    parts: z
      .array(
        z.strictObject({
          skuCode: z.string().trim().min(1).max(40),
          quantity: z.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1,000'),
        }),
      )
      .max(50, 'must have at most 50 parts'),
    discountMinor: z.number().int().min(0, 'must not be negative').max(MAX_AMOUNT_MINOR),
    validUntil: z.iso.date('must be a date such as 2026-12-31'),
    note: z.string().trim().max(2000, 'must be at most 2,000 characters').optional(),
  })
  .meta({ examples: [{ parts: [], discountMinor: 0, validUntil: '2099-12-31' }] });
export type QuoteBody = z.infer<typeof quoteBodySchema>;

export const orderNoteBodySchema = z.strictObject({
  note: z.string().trim().max(2000, 'must be at most 2,000 characters').optional(),
});

export const pickupBodySchema = z
  .strictObject({
    pickupDate: z.iso.date('must be a date such as 2026-12-31'),
    note: z.string().trim().max(2000, 'must be at most 2,000 characters').optional(),
  })
  .meta({ examples: [{ pickupDate: '2099-12-31' }] });
