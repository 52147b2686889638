import { and, eq, type SQL } from 'drizzle-orm';
import {
  ORDER_ACTIONS,
  orderActionApplies,
  type AuditAction,
  type OrderAction,
  type OrderStatus,
} from '@fleet/contract';
import type { Db } from '../../../db/client.ts';
import { invoices, orderEvents, orders } from '../../../db/schema.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { recordAudit } from '../../audit/service.ts';
import { atLastStep, stepsOf } from './service.ts';

export type OrderRow = typeof orders.$inferSelect;

/** Who changes an order: a signed-in user, or the payment provider or carrier acting on their own. */
export interface OrderActor {
  id: string | null;
  name: string;
}

export interface TransitionResult {
  /** Columns to change besides the status (and updated_at). */
  set?: Partial<typeof orders.$inferInsert>;
  note?: string | null;
  stepName?: string | null;
  details?: Record<string, unknown>;
}

const AUDIT_OF: Record<OrderAction, AuditAction> = {
  requestQuote: 'order.request-quote',
  acceptQuote: 'order.accept-quote',
  cancel: 'order.cancel',
  pay: 'order.pay',
  sendQuote: 'order.quote',
  recordPayment: 'order.record-payment',
  schedulePickup: 'order.schedule-pickup',
  receive: 'order.receive',
  startService: 'order.start-service',
  nextStep: 'order.next-step',
  ship: 'order.ship',
  deliver: 'order.deliver',
};

/**
 * Changes an order in one transaction (docs/commerce.md "Orders"): the order's row is locked, the action
 * checked against its status now (a 409 when another change came first), then the change, its timeline
 * event and its audit entry are written together. `scope` narrows the orders the actor reaches (a 404
 * otherwise).
 */
export async function transitionOrder(
  db: Db,
  actor: OrderActor,
  orderId: number,
  action: OrderAction,
  scope: SQL | undefined,
  apply: (tx: Db, order: OrderRow) => Promise<TransitionResult>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(scope, eq(orders.id, orderId)))
      .for('update');
    if (!order) throw notFound(`No order ${orderId}`);
    const [invoice] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.orderId, orderId));
    const steps = order.status === 'in-service' ? await stepsOf(tx, order.serviceCenterId) : [];
    const state = {
      status: order.status,
      invoiced: !!invoice,
      paymentMethodType: order.paymentMethodType,
      atLastStep: atLastStep(steps, order.internalStepId),
    };
    if (!orderActionApplies(action, state))
      throw conflict(`Order ${order.number} is ${order.status}: it cannot be ${action} now`);
    const result = await apply(tx, order);
    const status: OrderStatus = ORDER_ACTIONS[action].to;
    const now = new Date();
    await tx
      .update(orders)
      .set({ ...result.set, status, updatedAt: now })
      .where(eq(orders.id, orderId));
    await tx.insert(orderEvents).values({
      orderId,
      at: now,
      action,
      status,
      actorName: actor.name,
      note: result.note ?? null,
      stepName: result.stepName ?? null,
    });
    await recordAudit(tx, actor, {
      action: AUDIT_OF[action],
      subjectType: 'order',
      subjectId: String(orderId),
      details: { number: order.number, from: order.status, to: status, ...result.details },
    });
  });
}
