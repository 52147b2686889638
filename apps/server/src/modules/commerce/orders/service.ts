import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ORDER_SORT_COLUMNS,
  ORDER_STATUSES,
  orderActionsFor,
  type Order,
  type OrderSummary,
} from '@fleet/contract';
import type { Db } from '../../../db/client.ts';
import {
  companies,
  internalSteps,
  invoices,
  orderEvents,
  orderLines,
  orders,
  packageEvents,
  packagePickups,
  packages,
  payments,
  serviceCenters,
  shipmentProviders,
} from '../../../db/schema.ts';
import { notFound } from '../../../lib/errors.ts';
import {
  ListQuery,
  offsetPaging,
  offsetPagingParameters,
  type QueryParameter,
  type RawQuery,
  offsetPage,
} from '../../../lib/list-request.ts';
import { searchCondition } from '../../../lib/list-search.ts';
import { isUuid } from '../../../lib/uuid.ts';
import type { SignedInUser } from '../../../lib/signed-in-user.ts';
import { centerScope, orderScope } from './scope.ts';

/** Who reads an order: its customer, staff who act on it, or accounting, who only read it. */
export type OrderSide = 'customer' | 'staff' | 'accounting';

export const ORDER_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(ORDER_SORT_COLUMNS),
  { name: 'Search', description: 'Text in the order number or the company name.' },
  { name: 'Status', description: 'Order status.', values: ORDER_STATUSES, repeatable: true },
  { name: 'Company', description: "The customer company's id (staff only).", repeatable: true },
  {
    name: 'ServiceCenter',
    description: 'The service center id (staff only).',
    repeatable: true,
    integer: true,
  },
];

const deviceCount = sql<number>`(select count(*)::int from "order_lines" where "order_lines"."order_id" = "orders"."id" and "order_lines"."kind" = 'calibration')`;

const summaryColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  companyId: orders.companyId,
  companyName: companies.name,
  serviceCenterId: orders.serviceCenterId,
  serviceCenterCode: serviceCenters.code,
  serviceCenterName: serviceCenters.name,
  currency: orders.currency,
  totalMinor: orders.totalMinor,
  deviceCount,
  paymentMethodType: orders.paymentMethodType,
  createdByName: orders.createdByName,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: unknown } & {
  createdAt: Date;
  updatedAt: Date;
};

function toSummary(row: SummaryRow): OrderSummary {
  return {
    id: row.id as number,
    number: row.number as string,
    status: row.status as OrderSummary['status'],
    company: { id: row.companyId as string, name: row.companyName as string },
    serviceCenter: {
      id: row.serviceCenterId as number,
      code: row.serviceCenterCode as string,
      name: row.serviceCenterName as string,
    },
    currency: row.currency as string,
    totalMinor: Number(row.totalMinor),
    deviceCount: Number(row.deviceCount),
    paymentMethodType: row.paymentMethodType as string,
    createdByName: row.createdByName as string,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function orderConditions(query: ListQuery, side: OrderSide): SQL[] {
  const where: SQL[] = [];
  const search = searchCondition(query, [orders.number, companies.name]);
  if (search) where.push(search);
  const statuses = query.choices('Status', ORDER_STATUSES);
  if (statuses.length) where.push(inArray(orders.status, statuses));
  const companyIds = query.all('Company');
  if (companyIds.length && side === 'customer') query.problem('Company', 'is for staff only');
  else if (companyIds.some((id) => !isUuid(id))) query.problem('Company', 'must be company ids');
  else if (companyIds.length) where.push(inArray(orders.companyId, companyIds));
  const centers = query.ids('ServiceCenter');
  if (centers.length && side === 'customer') query.problem('ServiceCenter', 'is for staff only');
  else if (centers.length) where.push(inArray(orders.serviceCenterId, centers));
  return where;
}

/** Orders the user reaches, newest first by default. */
export async function listOrders(db: Db, user: SignedInUser, raw: RawQuery, side: OrderSide) {
  const query = new ListQuery(raw, ORDER_QUERY);
  const paging = offsetPaging(query, ORDER_SORT_COLUMNS);
  if (!query.has('SortOrder')) paging.sortOrder = 'DESC';
  const conditions = orderConditions(query, side);
  query.check();
  const where = and(orderScope(user), ...conditions);
  const column = { CreatedAt: orders.createdAt, Number: orders.number, TotalMinor: orders.totalMinor }[
    paging.sortColumnName as 'CreatedAt'
  ];
  const order = paging.sortOrder === 'DESC' ? [desc(column), desc(orders.id)] : [asc(column), asc(orders.id)];
  const base = () =>
    db
      .select(summaryColumns)
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .innerJoin(serviceCenters, eq(serviceCenters.id, orders.serviceCenterId));
  const { rows, total } = await offsetPage(
    base()
      .where(where)
      .orderBy(...order),
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .where(where),
    paging,
  );
  return { orders: rows.map((row) => toSummary(row as SummaryRow)), totalCount: total };
}

/** The internal steps of a center, in order (active ones). */
export async function stepsOf(db: Db, serviceCenterId: number) {
  return db
    .select({ id: internalSteps.id, name: internalSteps.name, position: internalSteps.position })
    .from(internalSteps)
    .where(and(eq(internalSteps.serviceCenterId, serviceCenterId), eq(internalSteps.active, true)))
    .orderBy(asc(internalSteps.position), asc(internalSteps.id));
}

/** Whether an order in service is at its center's last step (or the center has none). */
export function atLastStep(steps: readonly { id: number }[], stepId: number | null): boolean {
  return steps.length === 0 || steps.at(-1)!.id === stepId;
}

/** One order the user reaches, whole; another's is a 404 as if it did not exist. */
export async function getOrder(db: Db, user: SignedInUser, id: number, side: OrderSide): Promise<Order> {
  const [row] = await db
    .select({
      ...summaryColumns,
      pickupAddress: orders.pickupAddress,
      billingAddress: orders.billingAddress,
      serviceCenterAddress: serviceCenters.address,
      acceptedTermsVersion: orders.acceptedTermsVersion,
      quoteMessage: orders.quoteMessage,
      purchaseOrder: orders.purchaseOrder,
      quoteNote: orders.quoteNote,
      quoteValidUntil: orders.quoteValidUntil,
      internalStepId: orders.internalStepId,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .innerJoin(serviceCenters, eq(serviceCenters.id, orders.serviceCenterId))
    .where(and(orderScope(user), eq(orders.id, id)));
  if (!row) throw notFound(`No order ${id}`);
  const [lines, events, packageRows, [invoice], [payment], steps] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, id)).orderBy(asc(orderLines.position)),
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, id))
      .orderBy(asc(orderEvents.at), asc(orderEvents.id)),
    db
      .select({
        id: packages.id,
        direction: packages.direction,
        carrier: shipmentProviders.name,
        trackingNumber: packages.trackingNumber,
        status: packages.status,
        weightGrams: packages.weightGrams,
        pickupDate: packagePickups.pickupDate,
      })
      .from(packages)
      .innerJoin(shipmentProviders, eq(shipmentProviders.id, packages.shipmentProviderId))
      .leftJoin(packagePickups, eq(packagePickups.id, packages.pickupId))
      .where(eq(packages.orderId, id))
      .orderBy(asc(packages.id)),
    db.select().from(invoices).where(eq(invoices.orderId, id)),
    db.select().from(payments).where(eq(payments.orderId, id)).orderBy(desc(payments.createdAt)).limit(1),
    stepsOf(db, row.serviceCenterId),
  ]);
  const scans = packageRows.length
    ? await db
        .select()
        .from(packageEvents)
        .where(
          inArray(
            packageEvents.packageId,
            packageRows.map((p) => p.id),
          ),
        )
        .orderBy(asc(packageEvents.at))
    : [];
  const stepIndex = steps.findIndex((step) => step.id === row.internalStepId);
  const summary = toSummary(row as unknown as SummaryRow);
  return {
    ...summary,
    lines: lines.map((line) => ({
      kind: line.kind,
      skuCode: line.skuCode,
      description: line.description,
      serialNumber: line.serialNumber,
      deviceType: line.deviceType,
      quantity: line.quantity,
      unitAmountMinor: Number(line.unitAmountMinor),
      amountMinor: Number(line.amountMinor),
    })),
    pickupAddress: row.pickupAddress,
    billingAddress: row.billingAddress,
    serviceCenterAddress: row.serviceCenterAddress,
    acceptedTermsVersion: row.acceptedTermsVersion,
    quote: {
      message: row.quoteMessage,
      purchaseOrder: row.purchaseOrder,
      note: row.quoteNote,
      validUntil: row.quoteValidUntil,
    },
    internalStep: stepIndex >= 0 ? { ...steps[stepIndex]!, position: stepIndex + 1, of: steps.length } : null,
    invoice: invoice
      ? { id: invoice.id, number: invoice.number, issuedAt: invoice.issuedAt.toISOString() }
      : null,
    payment: payment
      ? {
          status: payment.status,
          amountMinor: Number(payment.amountMinor),
          confirmedAt: payment.confirmedAt?.toISOString() ?? null,
        }
      : null,
    packages: packageRows.map((p) => ({
      ...p,
      direction: p.direction as 'inbound' | 'return',
      status: p.status as Order['packages'][number]['status'],
      events: scans
        .filter((scan) => scan.packageId === p.id)
        .map((scan) => ({
          at: scan.at.toISOString(),
          status: scan.status as Order['packages'][number]['status'],
          location: scan.location,
        })),
    })),
    events: events.map((event) => ({
      at: event.at.toISOString(),
      action: event.action,
      status: event.status,
      actorName: event.actorName,
      note: event.note,
      stepName: event.stepName,
    })),
    actions: orderActionsFor(side, {
      status: summary.status,
      invoiced: !!invoice,
      paymentMethodType: summary.paymentMethodType,
      atLastStep: atLastStep(steps, row.internalStepId),
    }),
  };
}

/** The centers whose orders a user reaches: all for internal staff, their own for service partners. */
export async function reachableCenters(db: Db, user: SignedInUser) {
  return db
    .select({ id: serviceCenters.id, code: serviceCenters.code, name: serviceCenters.name })
    .from(serviceCenters)
    .where(centerScope(user))
    .orderBy(asc(serviceCenters.name));
}
