import type { Order, OrderSummary } from '@fleet/contract';

/** Fixtures of the orders' tests: answers that pass the contract's schemas. */
const WORKSHOP = {
  label: 'Workshop',
  organization: 'Analytical Engines',
  addressLines: ['12 Rue des Forges'],
  postalCode: '69007',
  locality: 'Lyon',
  regionCode: 'FR',
};

export const ORDER_SUMMARY: OrderSummary = {
  id: 42,
  number: 'ORD-2026-0042',
  status: 'quote-requested',
  company: { id: 'company-1', name: 'Analytical Engines' },
  serviceCenter: { id: 3, code: 'NANTES', name: 'Nantes service center' },
  currency: 'EUR',
  totalMinor: 17800,
  deviceCount: 2,
  paymentMethodType: 'bank_transfer',
  createdByName: 'Ada Lovelace',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:05:00.000Z',
};

const calibration = (serialNumber: string) => ({
  kind: 'calibration' as const,
  skuCode: 'CAL-TPMS',
  description: 'TPMS tool calibration',
  serialNumber,
  deviceType: 'TPMS-TOOL',
  quantity: 1,
  unitAmountMinor: 8900,
  amountMinor: 8900,
});

export const ORDER: Order = {
  ...ORDER_SUMMARY,
  lines: [calibration('TQW8C9311700001'), calibration('TQW8C9311700002')],
  pickupAddress: WORKSHOP,
  billingAddress: WORKSHOP,
  serviceCenterAddress: {
    organization: 'Fleet Instruments',
    addressLines: ['1 Quai de la Fosse'],
    locality: 'Nantes',
    regionCode: 'FR',
  },
  acceptedTermsVersion: '2026-01',
  quote: {
    message: 'Please add a spare battery',
    purchaseOrder: 'PO-778',
    note: null,
    validUntil: null,
  },
  internalStep: null,
  invoice: null,
  payment: null,
  packages: [],
  events: [
    {
      at: '2026-11-20T09:00:00.000Z',
      action: 'create',
      status: 'awaiting-payment',
      actorName: 'Ada Lovelace',
      note: null,
      stepName: null,
    },
    {
      at: '2026-11-20T09:05:00.000Z',
      action: 'requestQuote',
      status: 'quote-requested',
      actorName: 'Ada Lovelace',
      note: null,
      stepName: null,
    },
  ],
  actions: ['sendQuote', 'cancel'],
};

/** The order once staff quoted a part. */
export const QUOTED_ORDER: Order = {
  ...ORDER,
  status: 'quoted',
  totalMinor: 22800,
  lines: [
    ...ORDER.lines,
    {
      kind: 'part',
      skuCode: 'BATTERY-01',
      description: 'Spare battery pack',
      serialNumber: null,
      deviceType: null,
      quantity: 2,
      unitAmountMinor: 3000,
      amountMinor: 6000,
    },
    {
      kind: 'discount',
      skuCode: null,
      description: 'Discount',
      serialNumber: null,
      deviceType: null,
      quantity: 1,
      unitAmountMinor: -1000,
      amountMinor: -1000,
    },
  ],
  quote: { ...ORDER.quote, note: 'Battery included', validUntil: '2026-12-31' },
  actions: ['sendQuote', 'cancel'],
};

/** The calibration request's options: a center, two ways to pay, the current terms. */
export const CALIBRATION_OPTIONS = {
  currency: 'EUR',
  termsVersion: '2026-01',
  serviceCenters: [
    {
      id: 3,
      code: 'NANTES',
      name: 'Nantes service center',
      address: ORDER.serviceCenterAddress,
      deviceTypes: ['TPMS-TOOL'],
    },
  ],
  paymentMethodTypes: [
    { code: 'card', name: 'Card' },
    { code: 'bank_transfer', name: 'Bank transfer' },
  ],
};
