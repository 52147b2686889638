import { and, asc, eq, sql } from 'drizzle-orm';
import {
  CALIBRATION_DEVICE_LIST,
  CURRENT_TERMS_VERSION,
  certificateStatus,
  type CalibrationDevice,
  type OrderCreateBody,
  type OrderPreviewAnswer,
  type OrderPreviewBody,
} from '@fleet/contract';
import type { Db } from '../../../db/client.ts';
import {
  addresses,
  orderEvents,
  orderLines,
  orders,
  paymentMethodTypes,
  serviceCenters,
} from '../../../db/schema.ts';
import { HttpError, invalid, type FieldProblem } from '../../../lib/errors.ts';
import {
  ListQuery,
  containsPattern,
  offsetPaging,
  offsetPagingParameters,
  type QueryParameter,
  type RawQuery,
} from '../../../lib/list-request.ts';
import type { SignedInUser } from '../../../lib/signed-in-user.ts';
import { recordAudit } from '../../audit/service.ts';
import { issueInvoice } from '../accounting/invoices.ts';
import { acceptanceProblems } from './acceptance.ts';
import { nextDocumentNumber } from './numbering.ts';
import { calibrationPrices, openOrdersOf, priceCalibrationRequest, type PricedRequest } from './pricing.ts';

const toPreview = (priced: PricedRequest): OrderPreviewAnswer => ({
  currency: priced.currency,
  lines: priced.lines.map(({ skuId: _skuId, ...line }) => line),
  totalMinor: priced.totalMinor,
});

/** Prices a calibration request without writing anything. */
export async function previewOrder(
  db: Db,
  user: SignedInUser,
  body: OrderPreviewBody,
  shownCurrency: string,
) {
  return toPreview(await priceCalibrationRequest(db, user, body, shownCurrency));
}

/** What the calibration request offers: active centers with what they calibrate, payment methods, terms. */
export async function calibrationRequestOptions(db: Db, currency: string) {
  const [centers, methods] = await Promise.all([
    db
      .select({
        id: serviceCenters.id,
        code: serviceCenters.code,
        name: serviceCenters.name,
        address: serviceCenters.address,
        deviceTypes: serviceCenters.deviceTypes,
      })
      .from(serviceCenters)
      .where(eq(serviceCenters.active, true))
      .orderBy(asc(serviceCenters.name)),
    db
      .select({ code: paymentMethodTypes.code, name: paymentMethodTypes.name })
      .from(paymentMethodTypes)
      .where(eq(paymentMethodTypes.active, true))
      .orderBy(asc(paymentMethodTypes.position), asc(paymentMethodTypes.code)),
  ]);
  return {
    currency,
    termsVersion: CURRENT_TERMS_VERSION,
    serviceCenters: centers,
    paymentMethodTypes: methods,
  };
}

export const CALIBRATION_DEVICE_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(CALIBRATION_DEVICE_LIST.sortColumns),
  { name: 'Search', description: 'Text in the serial number or description.' },
  {
    name: 'Due',
    description: 'due (default): expired, expiring or never calibrated; all: every device.',
    values: ['due', 'all'],
  },
];

/**
 * The user's activated devices with their certificate status and calibration price in the currency, the
 * most urgent first (never calibrated, then by end of validity).
 */
export async function calibrationDevices(db: Db, user: SignedInUser, raw: RawQuery, currency: string) {
  const query = new ListQuery(raw, CALIBRATION_DEVICE_QUERY);
  const paging = offsetPaging(query, CALIBRATION_DEVICE_LIST.sortColumns);
  const search = query.searchText();
  const due = (query.choices('Due', ['due', 'all'])[0] ?? 'due') === 'due';
  query.check();
  const scope = user.wholeFleet
    ? sql`true`
    : user.companyId
      ? sql`s.company_id = ${user.companyId}`
      : sql`false`;
  const base = sql`
    select s.serial_number, s.device_type, s.description, c.end_of_validity_date, c.check_passed
    from series s
    left join lateral (
      select end_of_validity_date, check_passed from certificates
      where certificates.series_id = s.id and certificates.quality <> 'rejected'
      order by certificates.calibration_date desc limit 1
    ) c on true
    where ${scope} and s.activation_date is not null
    ${search ? sql`and (s.serial_number ilike ${containsPattern(search)} or s.description ilike ${containsPattern(search)})` : sql``}
    ${due ? sql`and (c.end_of_validity_date is null or c.end_of_validity_date < now() + interval '31 days')` : sql``}`;
  const direction = paging.sortOrder === 'DESC' ? sql`desc` : sql`asc`;
  const orderBy =
    paging.sortColumnName === 'SerialNumber'
      ? sql`serial_number ${direction}`
      : sql`end_of_validity_date ${direction} nulls first, serial_number`;
  type Rows<T> = { rows: T[] };
  const [rows, totals] = (await Promise.all([
    db.execute(
      sql`select * from (${base}) d order by ${orderBy} limit ${paging.pageSize} offset ${(paging.pageNumber - 1) * paging.pageSize}`,
    ),
    db.execute(sql`select count(*)::int as n from (${base}) counted`),
  ])) as unknown as [Rows<Record<string, unknown>>, Rows<{ n: number }>];
  const serials = rows.rows.map((row) => row.serial_number as string);
  const priceOf = await calibrationPrices(
    db,
    [...new Set(rows.rows.map((row) => row.device_type as string))],
    currency,
  );
  const open = await openOrdersOf(db, serials);
  const now = new Date();
  const devices: CalibrationDevice[] = rows.rows.map((row) => {
    const end = row.end_of_validity_date ? new Date(row.end_of_validity_date as string) : null;
    const sku = priceOf(row.device_type as string);
    return {
      serialNumber: row.serial_number as string,
      deviceType: row.device_type as string,
      description: (row.description as string | null) ?? null,
      status: end
        ? certificateStatus({ endOfValidityDate: end, checkPassed: row.check_passed as boolean | null }, now)
        : null,
      endOfValidityDate: end?.toISOString() ?? null,
      priceMinor: sku?.amountMinor ?? null,
      openOrder: open.get(row.serial_number as string) ?? null,
    };
  });
  return { devices, totalCount: Number(totals.rows[0]?.n ?? 0), currency };
}

/**
 * Places a calibration request (docs/commerce.md "Customer side"): priced on the server, the terms the
 * customer accepted checked against the current ones, written with its lines, first timeline event and
 * audit entry in one transaction. Paid by bank transfer, it is invoiced at once.
 */
export async function createOrder(db: Db, user: SignedInUser, body: OrderCreateBody, shownCurrency: string) {
  const problems = await acceptanceProblems(db, body);
  const priced = await priceCalibrationRequest(db, user, body, shownCurrency).catch((error: unknown) => {
    // Every problem at once: the request's and the pricing's.
    if (error instanceof HttpError && error.status === 400 && Array.isArray(error.details))
      throw invalid([...problems, ...(error.details as FieldProblem[])]);
    throw error;
  });
  if (problems.length) throw invalid(problems);
  let billing = priced.pickupAddress;
  if (body.billingAddressId !== undefined) {
    const [row] = await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, body.billingAddressId), eq(addresses.companyId, priced.companyId)));
    if (!row)
      throw invalid([
        {
          field: 'body.billingAddressId',
          message: 'is not an address of the company',
          rule: { kind: 'unknown' },
        },
      ]);
    billing = { ...row.address, label: row.label };
  }
  const status = body.intent === 'quote' ? 'quote-requested' : 'awaiting-payment';
  return db.transaction(async (tx) => {
    const now = new Date();
    // Devices are checked again under the transaction: two requests for one device, one wins.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`orders:${priced.companyId}`}))`);
    const stillOpen = await openOrdersOf(tx, body.serialNumbers);
    if (stillOpen.size)
      throw invalid([
        {
          field: 'body.serialNumbers',
          message: `${[...stillOpen.keys()][0]} is in order ${[...stillOpen.values()][0]!.number}`,
          rule: { kind: 'taken' },
        },
      ]);
    const number = await nextDocumentNumber(tx, 'order', now);
    const [order] = await tx
      .insert(orders)
      .values({
        number,
        companyId: priced.companyId,
        createdById: user.id,
        createdByName: user.name,
        status,
        currency: priced.currency,
        paymentMethodType: body.paymentMethodType,
        serviceCenterId: priced.serviceCenter.id,
        pickupAddress: priced.pickupAddress,
        billingAddress: billing,
        totalMinor: priced.totalMinor,
        acceptedTermsVersion: body.acceptedTermsVersion,
        quoteMessage: body.quoteMessage ?? null,
        purchaseOrder: body.purchaseOrder ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx
      .insert(orderLines)
      .values(priced.lines.map((line, position) => ({ ...line, orderId: order!.id, position })));
    await tx.insert(orderEvents).values({
      orderId: order!.id,
      at: now,
      action: 'create',
      status,
      actorName: user.name,
      note: status === 'quote-requested' ? (body.quoteMessage ?? null) : null,
    });
    const invoice =
      status === 'awaiting-payment' && body.paymentMethodType !== 'card'
        ? await issueInvoice(tx, order!, now)
        : null;
    await recordAudit(tx, user, {
      action: 'order.create',
      subjectType: 'order',
      subjectId: String(order!.id),
      details: {
        number,
        status,
        currency: priced.currency,
        totalMinor: priced.totalMinor,
        serialNumbers: body.serialNumbers,
        serviceCenter: priced.serviceCenter.code,
        ...(invoice ? { invoice: invoice.number } : {}),
      },
    });
    return { id: order!.id, number };
  });
}
