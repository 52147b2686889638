import { describe, expect, it } from 'vitest';
import { orderActionsFor, orderCreateBodySchema, type OrderActionState } from './orders.ts';

const state = (overrides: Partial<OrderActionState>): OrderActionState => ({
  status: 'awaiting-payment',
  invoiced: false,
  paymentMethodType: 'card',
  atLastStep: false,
  ...overrides,
});

describe('order actions', () => {
  it('lets the customer pay by card, ask a quote or cancel while nothing is invoiced', () => {
    expect(orderActionsFor('customer', state({}))).toEqual(['requestQuote', 'cancel', 'pay']);
    expect(
      orderActionsFor('customer', state({ paymentMethodType: 'bank-transfer', invoiced: true })),
    ).toEqual([]);
    expect(orderActionsFor('staff', state({ paymentMethodType: 'bank-transfer', invoiced: true }))).toEqual([
      'recordPayment',
    ]);
  });

  it('moves staff through the steps, shipping only after the last', () => {
    expect(orderActionsFor('staff', state({ status: 'in-service' }))).toEqual(['nextStep']);
    expect(orderActionsFor('staff', state({ status: 'in-service', atLastStep: true }))).toEqual(['ship']);
    expect(orderActionsFor('staff', state({ status: 'quote-requested' }))).toEqual(['cancel', 'sendQuote']);
    expect(orderActionsFor('customer', state({ status: 'delivered' }))).toEqual([]);
  });

  it('refuses a body that names a price or any field it does not know', () => {
    const body = {
      serialNumbers: ['A'],
      serviceCenterId: 1,
      pickupAddressId: 1,
      paymentMethodType: 'card',
      intent: 'pay',
      acceptedTermsVersion: '2',
    };
    expect(orderCreateBodySchema.safeParse(body).success).toBe(true);
    expect(orderCreateBodySchema.safeParse({ ...body, totalMinor: 1 }).success).toBe(false);
    expect(orderCreateBodySchema.safeParse({ ...body, serialNumbers: ['A', 'A'] }).success).toBe(false);
  });
});
