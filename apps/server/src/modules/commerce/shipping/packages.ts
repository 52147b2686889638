import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { OrderAddress } from '@fleet/contract';
import type { Db } from '../../../db/client.ts';
import {
  customsDeclarations,
  orderLines,
  packageEvents,
  packagePickups,
  packages,
  serviceCenters,
  shipmentProviders,
  skus,
  type orders,
} from '../../../db/schema.ts';
import type { MediaStorage } from '../../../lib/media-storage.ts';
import { nextDocumentNumber } from '../orders/numbering.ts';
import { shipmentProviderFor } from '../orders/pricing.ts';
import { conflict } from '../../../lib/errors.ts';
import { shipmentProviderOf } from './sandbox-carrier.ts';

type Order = typeof orders.$inferSelect;

/** The devices of an order with what customs need of each. */
async function declaredItems(tx: Db, orderId: number) {
  return tx
    .select({
      description: orderLines.description,
      serialNumber: orderLines.serialNumber,
      deviceType: orderLines.deviceType,
      tariffCode: skus.tariffCode,
      originRegion: skus.originRegion,
      weightGrams: skus.weightGrams,
      valueMinor: orderLines.amountMinor,
    })
    .from(orderLines)
    .leftJoin(skus, eq(skus.id, orderLines.skuId))
    .where(and(eq(orderLines.orderId, orderId), eq(orderLines.kind, 'calibration')))
    .orderBy(asc(orderLines.position));
}

/**
 * Ships an order's devices one way (docs/commerce.md "Shipping"), in the caller's transaction: the
 * center's carrier makes the label (kept in media storage), a pick-up is booked for the day, and a
 * package crossing a border gets its customs declaration.
 */
export async function shipOrder(
  tx: Db,
  media: MediaStorage,
  order: Order,
  direction: 'inbound' | 'return',
  pickupDate: string,
  bookedBy: string,
): Promise<{ trackingNumber: string; packageId: number }> {
  const [center] = await tx.select().from(serviceCenters).where(eq(serviceCenters.id, order.serviceCenterId));
  const account = await shipmentProviderFor(tx, order.serviceCenterId);
  if (!center || !account) throw conflict(`${center?.name ?? 'The service center'} has no carrier account`);
  const carrier = shipmentProviderOf(account.kind);
  const items = await declaredItems(tx, order.id);
  const weightGrams = items.reduce((sum, item) => sum + (item.weightGrams ?? 0), 0);
  const centerAddress: OrderAddress = {
    ...center.address,
    organization: center.address.organization ?? center.name,
  };
  const [from, to] =
    direction === 'inbound' ? [order.pickupAddress, centerAddress] : [centerAddress, order.pickupAddress];
  const label = await carrier.createLabel({
    account,
    currency: order.currency,
    weightGrams,
    from,
    to,
    pickupDate,
    reference: order.number,
  });
  const labelKey = `labels/${label.trackingNumber}.pdf`;
  await media.put(labelKey, label.pdf);
  const [pickup] = await tx
    .insert(packagePickups)
    .values({
      shipmentProviderId: account.id,
      pickupDate,
      address: from,
      confirmation: carrier.bookPickup(pickupDate, from).confirmation,
      createdBy: bookedBy,
    })
    .returning({ id: packagePickups.id });
  const [created] = await tx
    .insert(packages)
    .values({
      orderId: order.id,
      direction,
      shipmentProviderId: account.id,
      pickupId: pickup!.id,
      trackingNumber: label.trackingNumber,
      status: 'label-created',
      weightGrams,
      currency: order.currency,
      expectedChargeMinor: label.expectedChargeMinor,
      fromAddress: from,
      toAddress: to,
      labelMediaKey: labelKey,
      plannedEvents: label.plannedEvents.map((event) => ({ ...event, at: event.at.toISOString() })),
    })
    .returning({ id: packages.id });
  await tx.insert(packageEvents).values({
    packageId: created!.id,
    at: new Date(),
    status: 'label-created',
    location: [from.locality, from.regionCode].filter(Boolean).join(', '),
  });
  if (from.regionCode && to.regionCode && from.regionCode !== to.regionCode) {
    await tx.insert(customsDeclarations).values({
      number: await nextDocumentNumber(tx, 'customs', new Date()),
      packageId: created!.id,
      fromRegion: from.regionCode,
      toRegion: to.regionCode,
      currency: order.currency,
      totalMinor: items.reduce((sum, item) => sum + Number(item.valueMinor), 0),
      reason: direction === 'inbound' ? 'sent-for-calibration' : 'returned-after-calibration',
      items: items.map((item) => ({
        description: `${item.deviceType ?? ''} measuring device (${item.description})`.trim(),
        serialNumber: item.serialNumber,
        tariffCode: item.tariffCode,
        originRegion: item.originRegion,
        quantity: 1,
        valueMinor: Number(item.valueMinor),
      })),
    });
  }
  return { trackingNumber: label.trackingNumber, packageId: created!.id };
}

/** What a delivered package's carrier bills, and the columns that keep it for the carrier audit. */
async function billing(tx: Db, item: typeof packages.$inferSelect) {
  const [account] = await tx
    .select({ kind: shipmentProviders.kind })
    .from(shipmentProviders)
    .where(eq(shipmentProviders.id, item.shipmentProviderId));
  const expected = Number(item.expectedChargeMinor);
  const billed = shipmentProviderOf(account!.kind).billedCharge(
    item.trackingNumber,
    expected,
    item.toAddress,
  );
  return {
    billedChargeMinor: billed.chargeMinor,
    billingReason: billed.reason,
    auditStatus: billed.chargeMinor === expected ? 'matched' : 'pending',
  };
}

/**
 * Records the carrier's scans whose time has come, for packages not yet delivered, and bills delivered
 * ones. Answers the packages that were delivered now, for their orders to follow.
 */
export async function recordDueScans(
  tx: Db,
  now: Date,
): Promise<{ orderId: number; direction: string; packageId: number }[]> {
  const due = await tx
    .select()
    .from(packages)
    .where(
      and(
        sql`${packages.status} <> 'delivered'`,
        sql`jsonb_array_length(${packages.plannedEvents}) > 0`,
        lte(sql`(${packages.plannedEvents}->0->>'at')::timestamptz`, now),
      ),
    )
    .for('update', { skipLocked: true })
    .limit(100);
  const delivered: { orderId: number; direction: string; packageId: number }[] = [];
  for (const item of due) {
    const passed = item.plannedEvents.filter((event) => new Date(event.at) <= now);
    const left = item.plannedEvents.filter((event) => new Date(event.at) > now);
    if (passed.length === 0) continue;
    await tx
      .insert(packageEvents)
      .values(
        passed.map((event) => ({
          packageId: item.id,
          at: new Date(event.at),
          status: event.status,
          location: event.location,
        })),
      )
      .onConflictDoNothing();
    const last = passed.at(-1)!;
    await tx
      .update(packages)
      .set({
        status: last.status,
        plannedEvents: left,
        ...(last.status === 'delivered'
          ? { deliveredAt: new Date(last.at), ...(await billing(tx, item)) }
          : {}),
      })
      .where(eq(packages.id, item.id));
    if (last.status === 'delivered')
      delivered.push({ orderId: item.orderId, direction: item.direction, packageId: item.id });
  }
  return delivered;
}

/** Marks an order's open package of a direction delivered by hand (a scan the carrier missed). */
export async function markPackageDelivered(
  tx: Db,
  orderId: number,
  direction: 'inbound' | 'return',
  now: Date,
) {
  const open = await tx
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.orderId, orderId),
        eq(packages.direction, direction),
        sql`${packages.status} <> 'delivered'`,
      ),
    );
  for (const item of open) {
    await tx
      .insert(packageEvents)
      .values({
        packageId: item.id,
        at: now,
        status: 'delivered',
        location: [item.toAddress.locality, item.toAddress.regionCode].filter(Boolean).join(', '),
      })
      .onConflictDoNothing();
    await tx
      .update(packages)
      .set({
        status: 'delivered',
        plannedEvents: [],
        deliveredAt: now,
        ...(await billing(tx, item)),
      })
      .where(eq(packages.id, item.id));
  }
}
