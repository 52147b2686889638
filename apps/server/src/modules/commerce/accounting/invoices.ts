import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { invoices, orderLines, type orders } from '../../../db/schema.ts';
import { nextDocumentNumber } from '../orders/numbering.ts';
import { postSale } from './journal.ts';

/**
 * Issues the invoice of an order (docs/commerce.md "Invoices") with its gapless number, and writes its
 * sales entry, in the caller's transaction. An order has one invoice; its lines no longer change after.
 */
export async function issueInvoice(
  tx: Db,
  order: typeof orders.$inferSelect,
  at: Date,
): Promise<{ id: number; number: string }> {
  const lines = await tx
    .select({ kind: orderLines.kind, amountMinor: orderLines.amountMinor })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  const number = await nextDocumentNumber(tx, 'invoice', at);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      number,
      orderId: order.id,
      companyId: order.companyId,
      currency: order.currency,
      totalMinor: order.totalMinor,
      issuedAt: at,
    })
    .returning({ id: invoices.id });
  await postSale(tx, {
    at,
    companyId: order.companyId,
    orderId: order.id,
    invoiceId: invoice!.id,
    invoiceNumber: number,
    currency: order.currency,
    lines: lines.map((line) => ({ kind: line.kind, amountMinor: Number(line.amountMinor) })),
  });
  return { id: invoice!.id, number };
}
