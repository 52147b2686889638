import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { companies, invoices, orderEvents, orders, paymentEvents, payments } from '../../../db/schema.ts';
import { conflict, invalid, notFound } from '../../../lib/errors.ts';
import type { SignedInUser } from '../../../lib/signed-in-user.ts';
import { recordAudit } from '../../audit/service.ts';
import { issueInvoice } from '../accounting/invoices.ts';
import { postPayment } from '../accounting/journal.ts';
import { orderScope } from '../orders/scope.ts';
import { transitionOrder, type OrderActor } from '../orders/transition.ts';
import type { PaymentNotification, PaymentProvider } from './provider.ts';

const PROVIDER_ACTOR: OrderActor = { id: null, name: 'Payment provider' };

/**
 * Starts paying an order by card: a pending payment of the order's total (earlier pending ones are
 * cancelled) and the provider's checkout to send the customer to.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  user: SignedInUser,
  orderId: number,
  consoleUrl: string,
): Promise<{ checkoutUrl: string }> {
  const payment = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(orderScope(user), eq(orders.id, orderId)))
      .for('update');
    if (!order) throw notFound(`No order ${orderId}`);
    if (order.status !== 'awaiting-payment' || order.paymentMethodType !== 'card')
      throw conflict(`Order ${order.number} is ${order.status}: it is not paid by card now`);
    await tx
      .update(payments)
      .set({ status: 'cancelled' })
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'pending')));
    const [created] = await tx
      .insert(payments)
      .values({
        id: randomUUID(),
        orderId,
        provider: provider.name,
        method: 'card',
        amountMinor: order.totalMinor,
        currency: order.currency,
        status: 'pending',
      })
      .returning();
    return { ...created!, orderNumber: order.number };
  });
  const checkout = await provider.createCheckout({
    paymentId: payment.id,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    description: `Order ${payment.orderNumber}`,
    returnUrl: `${consoleUrl}/payment-success/${orderId}`,
    cancelUrl: `${consoleUrl}/user/orders/${orderId}`,
  });
  await db
    .update(payments)
    .set({ providerReference: checkout.providerReference })
    .where(eq(payments.id, payment.id));
  return { checkoutUrl: checkout.url };
}

/** A payment as its checkout page shows it; null when there is none. */
export async function checkoutPayment(db: Db, paymentId: string) {
  const [row] = await db
    .select({
      id: payments.id,
      status: payments.status,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      providerReference: payments.providerReference,
      orderId: orders.id,
      orderNumber: orders.number,
      companyName: companies.name,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(eq(payments.id, paymentId));
  return row ?? null;
}

/**
 * Acts on a provider's notification once (docs/commerce.md "Payment"): its event id is stored first, so a
 * repeated or replayed one changes nothing. A success marks the payment and the order paid, issues the
 * invoice and writes the payments entry, all in one transaction; a failure is kept on the payment and
 * the order's timeline. An amount or currency other than the payment's is refused.
 */
export async function applyNotification(
  db: Db,
  providerName: string,
  notification: PaymentNotification,
): Promise<{ duplicate: boolean }> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(paymentEvents)
      .values({ eventId: notification.eventId, provider: providerName, type: notification.type })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (inserted.length === 0) return { duplicate: true };
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, notification.paymentId), eq(payments.provider, providerName)))
      .for('update');
    if (!payment)
      throw invalid([
        { field: 'body.paymentId', message: 'is not a payment of this provider', rule: { kind: 'unknown' } },
      ]);
    if (payment.amountMinor !== notification.amountMinor || payment.currency !== notification.currency)
      throw invalid([
        {
          field: 'body.amountMinor',
          message: `must be the payment's ${payment.amountMinor} ${payment.currency}`,
          rule: { kind: 'invalid' },
        },
      ]);
    await tx
      .update(paymentEvents)
      .set({ paymentId: payment.id })
      .where(eq(paymentEvents.eventId, notification.eventId));
    if (payment.status === 'succeeded') return { duplicate: false };
    const now = new Date();
    if (notification.type === 'payment.failed') {
      await tx
        .update(payments)
        .set({ status: 'failed', failure: notification.failure ?? 'Declined' })
        .where(eq(payments.id, payment.id));
      const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
      await tx.insert(orderEvents).values({
        orderId: payment.orderId,
        at: now,
        action: 'payment-failed',
        status: order!.status,
        actorName: PROVIDER_ACTOR.name,
        note: notification.failure ?? null,
      });
      return { duplicate: false };
    }
    await tx
      .update(payments)
      .set({ status: 'succeeded', confirmedAt: now, providerReference: notification.providerReference })
      .where(eq(payments.id, payment.id));
    await transitionOrder(tx, PROVIDER_ACTOR, payment.orderId, 'pay', undefined, async (inner, order) => {
      const invoice = await issueInvoice(inner, order, now);
      const entry = await postPayment(inner, {
        at: now,
        companyId: order.companyId,
        orderId: order.id,
        paymentId: payment.id,
        method: 'card',
        currency: payment.currency,
        amountMinor: payment.amountMinor,
        description: `Card payment ${notification.providerReference} for ${order.number}`,
      });
      return {
        details: {
          invoice: invoice.number,
          payment: entry,
          providerReference: notification.providerReference,
        },
      };
    }).catch(async (error: unknown) => {
      // Paid after the order stopped waiting for it (cancelled meanwhile): the money is kept on the
      // customer's account as a credit, and said in the log, for accounting to refund.
      if ((error as { status?: number }).status !== 409) throw error;
      const [order] = await tx.select().from(orders).where(eq(orders.id, payment.orderId));
      await postPayment(tx, {
        at: now,
        companyId: order!.companyId,
        orderId: order!.id,
        paymentId: payment.id,
        method: 'card',
        currency: payment.currency,
        amountMinor: payment.amountMinor,
        description: `Card payment ${notification.providerReference} for ${order!.number}, not applied (${order!.status})`,
      });
      await recordAudit(tx, PROVIDER_ACTOR, {
        action: 'order.pay',
        subjectType: 'order',
        subjectId: String(order!.id),
        details: { number: order!.number, unapplied: true, status: order!.status },
      });
    });
    return { duplicate: false };
  });
}

/** Accounting records a bank transfer for an invoiced order: the order is paid. */
export async function recordTransfer(
  db: Db,
  user: SignedInUser,
  orderId: number,
  reference: string | undefined,
) {
  await transitionOrder(db, user, orderId, 'recordPayment', orderScope(user), async (tx, order) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.orderId, order.id));
    if (!invoice) throw conflict(`Order ${order.number} has no invoice to pay`);
    const now = new Date();
    const paymentId = randomUUID();
    await tx.insert(payments).values({
      id: paymentId,
      orderId: order.id,
      provider: 'bank',
      method: order.paymentMethodType,
      amountMinor: order.totalMinor,
      currency: order.currency,
      status: 'succeeded',
      providerReference: reference ?? null,
      confirmedAt: now,
    });
    const entry = await postPayment(tx, {
      at: now,
      companyId: order.companyId,
      orderId: order.id,
      paymentId,
      method: order.paymentMethodType,
      currency: order.currency,
      amountMinor: order.totalMinor,
      description: `Transfer${reference ? ` ${reference}` : ''} for invoice ${invoice.number}`,
    });
    return { note: reference ?? null, details: { payment: entry, reference: reference ?? null } };
  });
}
