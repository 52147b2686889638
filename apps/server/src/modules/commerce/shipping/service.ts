import { and, asc, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { CARRIER_AUDIT_STATUSES, PACKAGE_STATUSES, formatAddress, type PackageRow } from '@fleet/contract';
import type { Db } from '../../../db/client.ts';
import {
  companies,
  customsDeclarations,
  orders,
  packagePickups,
  packages,
  shipmentProviders,
} from '../../../db/schema.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import {
  ListQuery,
  offsetPage,
  offsetPaging,
  offsetPagingParameters,
  type QueryParameter,
  type RawQuery,
  sortOrderOf,
} from '../../../lib/list-request.ts';
import { searchCondition } from '../../../lib/list-search.ts';
import type { SignedInUser } from '../../../lib/signed-in-user.ts';
import type { MediaStorage } from '../../../lib/media-storage.ts';
import { recordAudit } from '../../audit/service.ts';
import { orderScope } from '../orders/scope.ts';

export const PACKAGE_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(['CreatedAt']),
  { name: 'Search', description: 'Text in the tracking number, the order number or the company name.' },
  { name: 'Direction', description: 'inbound (to the center) or return.', values: ['inbound', 'return'] },
  { name: 'Status', description: 'Package status.', values: PACKAGE_STATUSES, repeatable: true },
];

export const CARRIER_AUDIT_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(['DeliveredAt']),
  { name: 'Search', description: 'Text in the tracking number, the order number or the company name.' },
  {
    name: 'AuditStatus',
    description: 'matched, pending (a discrepancy to review), accepted or disputed.',
    values: CARRIER_AUDIT_STATUSES,
    repeatable: true,
  },
];

const columns = {
  id: packages.id,
  orderId: packages.orderId,
  orderNumber: orders.number,
  companyName: companies.name,
  direction: packages.direction,
  carrier: shipmentProviders.name,
  trackingNumber: packages.trackingNumber,
  status: packages.status,
  weightGrams: packages.weightGrams,
  pickupDate: packagePickups.pickupDate,
  currency: packages.currency,
  expectedChargeMinor: packages.expectedChargeMinor,
  billedChargeMinor: packages.billedChargeMinor,
  billingReason: packages.billingReason,
  auditStatus: packages.auditStatus,
  customsDeclaration: customsDeclarations.number,
  createdAt: packages.createdAt,
  deliveredAt: packages.deliveredAt,
};

function searchOf(query: ListQuery): SQL | undefined {
  return searchCondition(query, [packages.trackingNumber, orders.number, companies.name]);
}

async function packageRows(db: Db, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  const base = () =>
    db
      .select(columns)
      .from(packages)
      .innerJoin(orders, eq(orders.id, packages.orderId))
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .innerJoin(shipmentProviders, eq(shipmentProviders.id, packages.shipmentProviderId))
      .leftJoin(packagePickups, eq(packagePickups.id, packages.pickupId))
      .leftJoin(customsDeclarations, eq(customsDeclarations.packageId, packages.id));
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(packages)
      .innerJoin(orders, eq(orders.id, packages.orderId))
      .innerJoin(companies, eq(companies.id, orders.companyId))
      .where(where),
  ]);
  const items: PackageRow[] = rows.map(({ deliveredAt: _delivered, ...row }) => ({
    ...row,
    direction: row.direction as PackageRow['direction'],
    status: row.status as PackageRow['status'],
    auditStatus: row.auditStatus as PackageRow['auditStatus'],
    expectedChargeMinor: Number(row.expectedChargeMinor),
    billedChargeMinor: row.billedChargeMinor === null ? null : Number(row.billedChargeMinor),
    createdAt: row.createdAt.toISOString(),
  }));
  return { packages: items, totalCount: total?.n ?? 0 };
}

/** Packages of the orders the user reaches, newest first. */
export async function listPackages(db: Db, user: SignedInUser, raw: RawQuery) {
  const query = new ListQuery(raw, PACKAGE_QUERY);
  const paging = offsetPaging(query, ['CreatedAt']);
  const search = searchOf(query);
  const direction = query.choices('Direction', ['inbound', 'return'])[0];
  const statuses = query.choices('Status', PACKAGE_STATUSES);
  query.check();
  const where = and(
    orderScope(user),
    search,
    direction ? eq(packages.direction, direction) : undefined,
    statuses.length ? inArray(packages.status, statuses) : undefined,
  );
  const sorted = sortOrderOf(query, 'DESC') === 'ASC' ? asc : desc;
  const order = [sorted(packages.createdAt), sorted(packages.id)];
  return packageRows(db, where, order, paging.pageSize, (paging.pageNumber - 1) * paging.pageSize);
}

/** The carrier audit: delivered and billed packages, discrepancies to review first, then the newest. */
export async function listCarrierAudit(db: Db, user: SignedInUser, raw: RawQuery) {
  const query = new ListQuery(raw, CARRIER_AUDIT_QUERY);
  const paging = offsetPaging(query, ['DeliveredAt']);
  const search = searchOf(query);
  const statuses = query.choices('AuditStatus', CARRIER_AUDIT_STATUSES);
  query.check();
  const where = and(
    orderScope(user),
    isNotNull(packages.billedChargeMinor),
    search,
    statuses.length ? inArray(packages.auditStatus, statuses) : undefined,
  );
  const order = [
    sql`${packages.auditStatus} = 'pending' desc`,
    desc(packages.deliveredAt),
    desc(packages.id),
  ];
  return packageRows(db, where, order, paging.pageSize, (paging.pageNumber - 1) * paging.pageSize);
}

/** A package of an order the user reaches; another's is a 404. */
async function packageInScope(db: Db, user: SignedInUser, id: number) {
  const [row] = await db
    .select({ item: packages, orderNumber: orders.number })
    .from(packages)
    .innerJoin(orders, eq(orders.id, packages.orderId))
    .where(and(orderScope(user), eq(packages.id, id)));
  if (!row) throw notFound(`No package ${id}`);
  return row;
}

export async function packageLabel(db: Db, media: MediaStorage, user: SignedInUser, id: number) {
  const { item } = await packageInScope(db, user, id);
  return { mediaLink: media.link(item.labelMediaKey) };
}

/** Staff accept a billed charge that differs from the rate, or dispute it with the carrier. */
export async function reviewCarrierCharge(
  db: Db,
  user: SignedInUser,
  id: number,
  body: { status: 'accepted' | 'disputed'; note?: string },
) {
  await db.transaction(async (tx) => {
    const { item, orderNumber } = await packageInScope(tx, user, id);
    if (item.billedChargeMinor === null) throw conflict(`Package ${item.trackingNumber} is not billed yet`);
    if (item.auditStatus === 'matched')
      throw conflict(`Package ${item.trackingNumber} was billed at its rate`);
    await tx.update(packages).set({ auditStatus: body.status }).where(eq(packages.id, id));
    await recordAudit(tx, user, {
      action: 'package.audit',
      subjectType: 'package',
      subjectId: String(id),
      details: {
        trackingNumber: item.trackingNumber,
        order: orderNumber,
        expectedChargeMinor: Number(item.expectedChargeMinor),
        billedChargeMinor: Number(item.billedChargeMinor),
        from: item.auditStatus,
        to: body.status,
        note: body.note ?? null,
      },
    });
  });
}

export const PICKUP_QUERY: readonly QueryParameter[] = [...offsetPagingParameters(['PickupDate'])];

/** Pick-ups booked with carriers for the orders the user reaches, the latest day first. */
export async function listPickups(db: Db, user: SignedInUser, raw: RawQuery) {
  const query = new ListQuery(raw, PICKUP_QUERY);
  const paging = offsetPaging(query, ['PickupDate']);
  query.check();
  const reached = and(orderScope(user), sql`${packages.pickupId} = ${packagePickups.id}`);
  const inScope = sql`exists (select 1 from ${packages} join ${orders} on ${orders.id} = ${packages.orderId} where ${reached})`;
  const { rows, total } = await offsetPage(
    db
      .select({
        id: packagePickups.id,
        pickupDate: packagePickups.pickupDate,
        carrier: shipmentProviders.name,
        confirmation: packagePickups.confirmation,
        address: packagePickups.address,
        createdBy: packagePickups.createdBy,
      })
      .from(packagePickups)
      .innerJoin(shipmentProviders, eq(shipmentProviders.id, packagePickups.shipmentProviderId))
      .where(inScope)
      .orderBy(desc(packagePickups.pickupDate), desc(packagePickups.id)),
    db.select({ n: count() }).from(packagePickups).where(inScope),
    paging,
  );
  const items = rows.length
    ? await db
        .select({
          pickupId: packages.pickupId,
          trackingNumber: packages.trackingNumber,
          orderNumber: orders.number,
          status: packages.status,
        })
        .from(packages)
        .innerJoin(orders, eq(orders.id, packages.orderId))
        .where(
          inArray(
            packages.pickupId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return {
    pickups: rows.map(({ address, ...row }) => ({
      ...row,
      place: formatAddress({ ...address, recipients: undefined, phoneNumber: undefined }).join(', '),
      packages: items
        .filter((item) => item.pickupId === row.id)
        .map(({ pickupId: _id, ...item }) => ({ ...item, status: item.status as PackageRow['status'] })),
    })),
    totalCount: total,
  };
}
