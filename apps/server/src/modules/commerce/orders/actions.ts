import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { lineAmount, type QuoteBody } from '@fleet/contract';
import type { Db } from '../../../db/client.ts';
import { orderLines, products, skuPrices, skus } from '../../../db/schema.ts';
import { conflict, invalid, type FieldProblem } from '../../../lib/errors.ts';
import type { SignedInUser } from '../../../lib/signed-in-user.ts';
import type { MediaStorage } from '../../../lib/media-storage.ts';
import { issueInvoice } from '../accounting/invoices.ts';
import { openSurvey } from '../../esat/open-survey.ts';
import { markPackageDelivered, shipOrder } from '../shipping/packages.ts';
import { acceptanceProblems } from './acceptance.ts';
import { orderScope } from './scope.ts';
import { stepsOf } from './service.ts';
import { transitionOrder } from './transition.ts';

/** The customer turns an order awaiting payment into a quote request, with what they need quoted. */
export async function requestQuote(
  db: Db,
  user: SignedInUser,
  orderId: number,
  body: { message?: string; purchaseOrder?: string },
) {
  await transitionOrder(db, user, orderId, 'requestQuote', orderScope(user), async () => ({
    set: { quoteMessage: body.message ?? null, purchaseOrder: body.purchaseOrder ?? null },
    note: body.message ?? null,
    details: { purchaseOrder: body.purchaseOrder ?? null },
  }));
}

/** Staff answer a quote request: parts priced from the catalogue, a discount, a validity, a note. */
export async function sendQuote(db: Db, user: SignedInUser, orderId: number, body: QuoteBody) {
  await transitionOrder(db, user, orderId, 'sendQuote', orderScope(user), async (tx, order) => {
    const problems: FieldProblem[] = [];
    if (body.validUntil < new Date().toISOString().slice(0, 10))
      problems.push({ field: 'body.validUntil', message: 'must not be in the past', rule: { kind: 'past' } });
    const codes = body.parts.map((part) => part.skuCode.toUpperCase());
    const found = codes.length
      ? await tx
          .select({
            id: skus.id,
            code: skus.code,
            name: skus.name,
            kind: products.kind,
            amountMinor: skuPrices.amountMinor,
          })
          .from(skus)
          .innerJoin(products, eq(products.id, skus.productId))
          .leftJoin(skuPrices, and(eq(skuPrices.skuId, skus.id), eq(skuPrices.currency, order.currency)))
          .where(and(inArray(sql`upper(${skus.code})`, codes), eq(skus.active, true)))
      : [];
    const bySku = new Map(found.map((row) => [row.code.toUpperCase(), row]));
    const existing = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position));
    const kept = existing.filter((line) => line.kind === 'calibration' || line.kind === 'shipping');
    const added = body.parts.flatMap((part, index) => {
      const sku = bySku.get(part.skuCode.toUpperCase());
      const field = `body.parts.${index}.skuCode`;
      if (!sku)
        return (problems.push({ field, message: 'is not an active SKU', rule: { kind: 'unknown' } }), []);
      if (sku.kind === 'calibration')
        return (
          problems.push({
            field,
            message: 'is a calibration: devices are the order’s',
            rule: { kind: 'invalid' },
          }),
          []
        );
      if (sku.amountMinor === null)
        return (
          problems.push({
            field,
            message: `has no price in ${order.currency}`,
            rule: { kind: 'unavailable' },
          }),
          []
        );
      return [
        {
          kind: sku.kind as 'part' | 'service',
          skuId: sku.id,
          skuCode: sku.code,
          description: sku.name,
          serialNumber: null,
          deviceType: null,
          quantity: part.quantity,
          unitAmountMinor: sku.amountMinor,
          amountMinor: lineAmount(sku.amountMinor, part.quantity),
        },
      ];
    });
    const subtotal = [...kept, ...added].reduce((sum, line) => sum + Number(line.amountMinor), 0);
    if (body.discountMinor > subtotal)
      problems.push({
        field: 'body.discountMinor',
        message: 'must not exceed the order’s amount',
        rule: { kind: 'too_much' },
      });
    if (problems.length) throw invalid(problems);
    const discount = body.discountMinor
      ? [
          {
            kind: 'discount' as const,
            skuId: null,
            skuCode: null,
            description: 'Discount',
            serialNumber: null,
            deviceType: null,
            quantity: 1,
            unitAmountMinor: -body.discountMinor,
            amountMinor: -body.discountMinor,
          },
        ]
      : [];
    await tx
      .delete(orderLines)
      .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.kind, ['part', 'service', 'discount'])));
    const extra = [...added, ...discount];
    if (extra.length)
      await tx
        .insert(orderLines)
        .values(extra.map((line, index) => ({ ...line, orderId, position: kept.length + index })));
    const total = subtotal - body.discountMinor;
    return {
      set: { totalMinor: total, quoteNote: body.note ?? null, quoteValidUntil: body.validUntil },
      note: body.note ?? null,
      details: {
        totalMinor: total,
        validUntil: body.validUntil,
        parts: body.parts,
        discountMinor: body.discountMinor,
      },
    };
  });
}

/** The customer accepts a quote: the order awaits payment by the method they choose (a transfer invoices it). */
export async function acceptQuote(
  db: Db,
  user: SignedInUser,
  orderId: number,
  body: { paymentMethodType: string; acceptedTermsVersion: string },
) {
  await transitionOrder(db, user, orderId, 'acceptQuote', orderScope(user), async (tx, order) => {
    const problems = await acceptanceProblems(tx, body);
    if (problems.length) throw invalid(problems);
    if (order.quoteValidUntil && order.quoteValidUntil < new Date().toISOString().slice(0, 10))
      throw conflict('The quote has expired: ask for a new one');
    const accepted = { ...order, paymentMethodType: body.paymentMethodType };
    const invoice = body.paymentMethodType === 'card' ? null : await issueInvoice(tx, accepted, new Date());
    return {
      set: { paymentMethodType: body.paymentMethodType, acceptedTermsVersion: body.acceptedTermsVersion },
      details: { paymentMethodType: body.paymentMethodType, ...(invoice ? { invoice: invoice.number } : {}) },
    };
  });
}

export async function cancelOrder(db: Db, user: SignedInUser, orderId: number, note: string | undefined) {
  await transitionOrder(db, user, orderId, 'cancel', orderScope(user), async () => ({ note: note ?? null }));
}

function checkPickupDate(day: string) {
  if (day < new Date().toISOString().slice(0, 10))
    throw invalid([{ field: 'body.pickupDate', message: 'must not be in the past', rule: { kind: 'past' } }]);
}

/** Staff book the pick-up of an order's devices: the inbound label and the carrier's pick-up. */
export async function schedulePickup(
  db: Db,
  media: MediaStorage,
  user: SignedInUser,
  orderId: number,
  body: { pickupDate: string; note?: string },
) {
  await transitionOrder(db, user, orderId, 'schedulePickup', orderScope(user), async (tx, order) => {
    checkPickupDate(body.pickupDate);
    const shipped = await shipOrder(tx, media, order, 'inbound', body.pickupDate, user.name);
    return {
      note: body.note ?? null,
      details: { trackingNumber: shipped.trackingNumber, pickupDate: body.pickupDate },
    };
  });
}

/** The devices arrived at the center (by hand, when the carrier's delivery scan has not come). */
export async function receiveOrder(
  db: Db,
  actor: { id: string | null; name: string },
  orderId: number,
  scope = undefined as ReturnType<typeof orderScope>,
) {
  await transitionOrder(db, actor, orderId, 'receive', scope, async (tx) => {
    await markPackageDelivered(tx, orderId, 'inbound', new Date());
    return {};
  });
}

export async function startService(db: Db, user: SignedInUser, orderId: number) {
  await transitionOrder(db, user, orderId, 'startService', orderScope(user), async (tx, order) => {
    const [first] = await stepsOf(tx, order.serviceCenterId);
    return { set: { internalStepId: first?.id ?? null }, stepName: first?.name ?? null };
  });
}

export async function nextStep(db: Db, user: SignedInUser, orderId: number) {
  await transitionOrder(db, user, orderId, 'nextStep', orderScope(user), async (tx, order) => {
    const steps = await stepsOf(tx, order.serviceCenterId);
    const next = steps[steps.findIndex((step) => step.id === order.internalStepId) + 1] ?? steps[0]!;
    return { set: { internalStepId: next.id }, stepName: next.name, details: { step: next.name } };
  });
}

/** After the last step: the return label and pick-up at the center, today or on the day given. */
export async function shipBack(
  db: Db,
  media: MediaStorage,
  user: SignedInUser,
  orderId: number,
  body: { pickupDate: string; note?: string },
) {
  await transitionOrder(db, user, orderId, 'ship', orderScope(user), async (tx, order) => {
    checkPickupDate(body.pickupDate);
    const shipped = await shipOrder(tx, media, order, 'return', body.pickupDate, user.name);
    return {
      set: { internalStepId: null },
      note: body.note ?? null,
      details: { trackingNumber: shipped.trackingNumber, pickupDate: body.pickupDate },
    };
  });
}

export async function deliverOrder(
  db: Db,
  actor: { id: string | null; name: string },
  orderId: number,
  scope = undefined as ReturnType<typeof orderScope>,
) {
  await transitionOrder(db, actor, orderId, 'deliver', scope, async (tx, order) => {
    const now = new Date();
    await markPackageDelivered(tx, orderId, 'return', now);
    // Its customer-satisfaction survey is opened with the delivery (docs/insights.md "Statistics").
    await openSurvey(tx, order, now);
    return {};
  });
}
