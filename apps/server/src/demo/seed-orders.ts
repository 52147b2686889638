import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { CURRENT_TERMS_VERSION, LANGUAGE_CURRENCIES, OPEN_ORDER_STATUSES } from '@fleet/contract';
import type { SignedInUser } from '../lib/signed-in-user.ts';
import type { MediaStorage } from '../lib/media-storage.ts';
import {
  cancelOrder,
  deliverOrder,
  nextStep,
  receiveOrder,
  schedulePickup,
  sendQuote,
  shipBack,
  startService,
} from '../modules/commerce/orders/actions.ts';
import { createOrder } from '../modules/commerce/orders/create.ts';
import { applyNotification, recordTransfer } from '../modules/commerce/payments/service.ts';
import type { Db } from '../db/client.ts';
import { demoUser } from './demo-user.ts';
import * as t from '../db/schema.ts';

/** Activated devices of a company that a center calibrates, not in an order yet. */
async function devicesFor(db: Db, companyCode: string, centerCode: string, wanted: number) {
  const [center] = await db.select().from(t.serviceCenters).where(eq(t.serviceCenters.code, centerCode));
  const rows = await db
    .select({ serialNumber: t.series.serialNumber })
    .from(t.series)
    .innerJoin(t.companies, eq(t.companies.id, t.series.companyId))
    .where(
      and(
        eq(t.companies.code, companyCode),
        isNotNull(t.series.activationDate),
        inArray(t.series.deviceType, center!.deviceTypes),
        sql`not exists (select 1 from order_lines l join orders o on o.id = l.order_id
          where l.serial_number = ${t.series.serialNumber} and o.status in (${sql.join(
            OPEN_ORDER_STATUSES.map((status) => sql`${status}`),
            sql`, `,
          )}))`,
      ),
    )
    .orderBy(asc(t.series.serialNumber))
    .limit(wanted);
  return { serialNumbers: rows.map((row) => row.serialNumber), serviceCenterId: center!.id };
}

async function addressOf(db: Db, companyCode: string) {
  const [row] = await db
    .select({ id: t.addresses.id })
    .from(t.addresses)
    .innerJoin(t.companies, eq(t.companies.id, t.addresses.companyId))
    .where(eq(t.companies.code, companyCode))
    .orderBy(asc(t.addresses.id))
    .limit(1);
  return row!.id;
}

/**
 * The demo's orders, at the first start, written by the very code that serves the console (so that
 * their invoices, journals, packages and timelines are what the product makes): one at each stage a
 * customer and staff meet. Pick-ups are today's: the carrier's scans come as the day goes.
 */
export async function seedDemoOrders(db: Db, media: MediaStorage): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(t.orders);
  if ((existing?.n ?? 0) > 0) return 0;
  const [customer, manager, admin, support] = await Promise.all([
    demoUser(db, 'customer-engineering-user'),
    demoUser(db, 'customer-engineering-manager'),
    demoUser(db, 'administrator'),
    demoUser(db, 'support-manager'),
  ]);
  const today = new Date().toISOString().slice(0, 10);
  const place = async (
    user: SignedInUser,
    company: string,
    center: string,
    devices: number,
    options: { paymentMethodType: string; intent: 'pay' | 'quote'; quoteMessage?: string },
  ) => {
    const { serialNumbers, serviceCenterId } = await devicesFor(db, company, center, devices);
    // A small demo fleet may have no such device: that stage is left out.
    if (serialNumbers.length === 0) return null;
    const order = await createOrder(
      db,
      user,
      {
        serialNumbers,
        serviceCenterId,
        pickupAddressId: await addressOf(db, company),
        paymentMethodType: options.paymentMethodType,
        intent: options.intent,
        acceptedTermsVersion: CURRENT_TERMS_VERSION,
        ...(options.quoteMessage ? { quoteMessage: options.quoteMessage } : {}),
      },
      // The devices' company is billed in its own currency: the shown one is never used here.
      LANGUAGE_CURRENCIES.en,
    );
    return order.id;
  };
  const payByCard = async (orderId: number) => {
    const [order] = await db.select().from(t.orders).where(eq(t.orders.id, orderId));
    const paymentId = randomUUID();
    await db.insert(t.payments).values({
      id: paymentId,
      orderId,
      provider: 'sandbox',
      method: 'card',
      amountMinor: order!.totalMinor,
      currency: order!.currency,
      status: 'pending',
    });
    await applyNotification(db, 'sandbox', {
      eventId: `evt_demo_${paymentId}`,
      type: 'payment.succeeded',
      paymentId,
      amountMinor: order!.totalMinor,
      currency: order!.currency,
      providerReference: `sbx_demo_${orderId}`,
    });
  };
  const throughSteps = async (orderId: number, steps: number) => {
    await schedulePickup(db, media, support, orderId, { pickupDate: today });
    await receiveOrder(db, support, orderId);
    await startService(db, support, orderId);
    for (let step = 1; step < steps; step++) await nextStep(db, support, orderId);
  };

  let placed = 0;
  const stage = async (order: number | null, then: (id: number) => Promise<void> = async () => undefined) => {
    if (order === null) return;
    await then(order);
    placed++;
  };
  // Delivered: paid by transfer, calibrated at Lyon, back at the customer.
  await stage(
    await place(customer, 'DEMO-CUSTOMER', 'LYON', 2, {
      paymentMethodType: 'bank-transfer',
      intent: 'pay',
    }),
    async (id) => {
      await recordTransfer(db, admin, id, 'TRF-DEMO-0001');
      await throughSteps(id, 5);
      await shipBack(db, media, support, id, { pickupDate: today });
      await deliverOrder(db, support, id);
    },
  );
  // In service at Lyon, at its third step.
  await stage(
    await place(customer, 'DEMO-CUSTOMER', 'LYON', 1, {
      paymentMethodType: 'card',
      intent: 'pay',
    }),
    async (id) => {
      await payByCard(id);
      await throughSteps(id, 3);
    },
  );
  // Paid by card, the pick-up booked today at the customer's, to Birmingham (customs).
  await stage(
    await place(manager, 'DEMO-CUSTOMER', 'BIRMINGHAM', 2, {
      paymentMethodType: 'card',
      intent: 'pay',
    }),
    async (id) => {
      await payByCard(id);
      await schedulePickup(db, media, support, id, { pickupDate: today });
    },
  );
  // Invoiced, waiting for the customer's transfer.
  await stage(
    await place(admin, 'RAPIDTIRE', 'COLUMBUS', 3, {
      paymentMethodType: 'bank-transfer',
      intent: 'pay',
    }),
  );
  // Quoted: a battery replaced, a discount.
  const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await stage(
    await place(admin, 'RAPIDTIRE', 'COLUMBUS', 2, {
      paymentMethodType: 'bank-transfer',
      intent: 'quote',
      quoteMessage: 'One tester does not hold its charge: please quote a new battery.',
    }),
    (id) =>
      sendQuote(db, support, id, {
        parts: [{ skuCode: 'BATTERY-01', quantity: 1 }],
        discountMinor: 1000,
        validUntil,
        note: 'Battery pack included; 10 USD off the handling.',
      }),
  );
  // A quote request waiting for staff, and a cancelled order.
  await stage(
    await place(customer, 'DEMO-CUSTOMER', 'LYON', 1, {
      paymentMethodType: 'card',
      intent: 'quote',
      quoteMessage: 'Can you calibrate on site in Lyon?',
    }),
  );
  await stage(
    await place(customer, 'DEMO-CUSTOMER', 'LYON', 1, {
      paymentMethodType: 'card',
      intent: 'pay',
    }),
    (id) => cancelOrder(db, customer, id, 'Ordered twice'),
  );
  return placed;
}
