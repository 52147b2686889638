import { and, eq } from 'drizzle-orm';
import {
  ORDER_ADDRESS_EDITABLE_STATUSES,
  type OrderAddress,
  type orderAddressesBodySchema,
} from '@fleet/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { invoices, orderEvents, orders } from '../../../db/schema.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import type { SignedInUser } from '../../../lib/signed-in-user.ts';
import { recordAudit } from '../../audit/service.ts';
import { orderScope } from './scope.ts';

type OrderAddressesBody = z.output<typeof orderAddressesBodySchema>;

/** The address's own fields, in one order: what the order's copy adds (its book label) is left out. */
function fieldsOf(address: OrderAddress): string {
  const { label: _label, providerFormattedAddress: _formatted, ...fields } = address;
  const kept = Object.entries(fields)
    .filter(
      ([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
    )
    .sort(([first], [second]) => first.localeCompare(second));
  return JSON.stringify(kept);
}
const same = (first: OrderAddress, second: OrderAddress) => fieldsOf(first) === fieldsOf(second);

/**
 * Staff correct an order's addresses before its devices are picked up (docs/commerce.md "Address book"),
 * in one transaction with its timeline event and audit entry; the order keeps its own copy, the company's
 * address book is not touched. An invoiced order keeps the billing address on its invoice (409).
 */
export async function editOrderAddresses(
  db: Db,
  user: SignedInUser,
  orderId: number,
  body: OrderAddressesBody,
) {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(orderScope(user), eq(orders.id, orderId)))
      .for('update');
    if (!order) throw notFound(`No order ${orderId}`);
    if (!ORDER_ADDRESS_EDITABLE_STATUSES.includes(order.status))
      throw conflict(
        `Order ${order.number} is ${order.status}: its addresses are those its devices travel with`,
      );
    const [invoice] = await tx
      .select({ number: invoices.number })
      .from(invoices)
      .where(eq(invoices.orderId, orderId));
    if (invoice && !same(order.billingAddress, body.billingAddress))
      throw conflict(`Order ${order.number} is invoiced (${invoice.number}): its billing address stays`);
    const now = new Date();
    await tx
      .update(orders)
      .set({
        // The copy keeps the name it had in the company's book.
        pickupAddress: { ...body.pickupAddress, label: order.pickupAddress.label },
        billingAddress: { ...body.billingAddress, label: order.billingAddress.label },
        updatedAt: now,
      })
      .where(eq(orders.id, orderId));
    await tx.insert(orderEvents).values({
      orderId,
      at: now,
      action: 'addresses',
      status: order.status,
      actorName: user.name,
    });
    await recordAudit(tx, user, {
      action: 'order.addresses',
      subjectType: 'order',
      subjectId: String(orderId),
      details: {
        number: order.number,
        ...(same(order.pickupAddress, body.pickupAddress)
          ? {}
          : { pickupAddress: { from: order.pickupAddress, to: body.pickupAddress } }),
        ...(same(order.billingAddress, body.billingAddress)
          ? {}
          : { billingAddress: { from: order.billingAddress, to: body.billingAddress } }),
      },
    });
  });
}
