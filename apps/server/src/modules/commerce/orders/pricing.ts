import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import {
  OPEN_ORDER_STATUSES,
  lineAmount,
  type OrderAddress,
  type OrderLine,
  type OrderPreviewBody,
} from '@fleet/contract';
import type { Db } from '../../../db/client.ts';
import {
  addresses,
  currencies,
  orderLines,
  orders,
  products,
  series,
  serviceCenters,
  shipmentProviders,
  skuPrices,
  skus,
} from '../../../db/schema.ts';
import { invalid, type FieldProblem } from '../../../lib/errors.ts';
import { companyScope } from '../../../lib/scope.ts';
import type { SignedInUser } from '../../../lib/signed-in-user.ts';
import { shipmentProviderOf } from '../shipping/sandbox-carrier.ts';
import { billingCurrencyOf } from './currency.ts';

export interface PricedLine extends OrderLine {
  skuId: number | null;
}

export interface PricedRequest {
  companyId: string;
  currency: string;
  serviceCenter: typeof serviceCenters.$inferSelect;
  provider: typeof shipmentProviders.$inferSelect;
  pickupAddress: OrderAddress;
  lines: PricedLine[];
  totalMinor: number;
  weightGrams: number;
}

type Problem = FieldProblem;

/** The calibration SKUs (of the device types, or of any type) with their prices in a currency. */
export async function calibrationPrices(db: Db, deviceTypes: readonly string[], currency: string) {
  const rows = await db
    .select({
      id: skus.id,
      code: skus.code,
      name: skus.name,
      deviceType: skus.deviceType,
      weightGrams: skus.weightGrams,
      amountMinor: skuPrices.amountMinor,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .leftJoin(skuPrices, and(eq(skuPrices.skuId, skus.id), eq(skuPrices.currency, currency)))
    .where(
      and(
        eq(skus.active, true),
        eq(products.active, true),
        eq(products.kind, 'calibration'),
        or(isNull(skus.deviceType), deviceTypes.length ? inArray(skus.deviceType, deviceTypes) : undefined),
      ),
    );
  const generic = rows.find((row) => row.deviceType === null);
  return (deviceType: string) => rows.find((row) => row.deviceType === deviceType) ?? generic;
}

/** The open order that holds each of these devices, by serial number. */
export async function openOrdersOf(db: Db, serialNumbers: readonly string[]) {
  if (serialNumbers.length === 0) return new Map<string, { id: number; number: string }>();
  const rows = await db
    .selectDistinct({ serialNumber: orderLines.serialNumber, id: orders.id, number: orders.number })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        inArray(orderLines.serialNumber, [...serialNumbers]),
        inArray(orders.status, [...OPEN_ORDER_STATUSES]),
      ),
    );
  return new Map(rows.map((row) => [row.serialNumber!, { id: row.id, number: row.number }]));
}

/** The carrier account a center ships with: its own active one, else the global one. */
export async function shipmentProviderFor(db: Db, serviceCenterId: number) {
  const accounts = await db
    .select()
    .from(shipmentProviders)
    .where(
      and(
        eq(shipmentProviders.active, true),
        or(eq(shipmentProviders.serviceCenterId, serviceCenterId), isNull(shipmentProviders.serviceCenterId)),
      ),
    )
    .orderBy(shipmentProviders.id);
  return accounts.find((account) => account.serviceCenterId === serviceCenterId) ?? accounts[0];
}

/**
 * Prices a calibration request on the server (docs/commerce.md "Orders"): one line per device at its
 * type's calibration price in the company's billing currency (the shown one when no device names a company),
 * and the shipping both ways at the center's carrier rate. Every problem is a 400 naming its field, all at once.
 */
export async function priceCalibrationRequest(
  db: Db,
  user: SignedInUser,
  body: OrderPreviewBody,
  shownCurrency: string,
): Promise<PricedRequest> {
  const problems: Problem[] = [];
  const devices = await db
    .select({
      serialNumber: series.serialNumber,
      deviceType: series.deviceType,
      companyId: series.companyId,
      activationDate: series.activationDate,
    })
    .from(series)
    .where(and(companyScope(user, series.companyId), inArray(series.serialNumber, body.serialNumbers)));
  // The devices' company is billed in its currency, whoever places the request and in whatever language.
  const currency = (await billingCurrencyOf(db, devices[0]?.companyId ?? null)) ?? shownCurrency;
  const [known] = await db.select().from(currencies).where(eq(currencies.code, currency));
  if (!known?.active)
    throw invalid([
      {
        field: 'body.serialNumbers',
        message: `are billed in ${currency}, which the shop does not sell in`,
        rule: { kind: 'unavailable' },
      },
    ]);
  const bySerial = new Map(devices.map((device) => [device.serialNumber, device]));
  const [center] = await db.select().from(serviceCenters).where(eq(serviceCenters.id, body.serviceCenterId));
  if (!center?.active)
    problems.push({
      field: 'body.serviceCenterId',
      message: 'is not a service center',
      rule: { kind: 'unknown' },
    });
  const priceOf = await calibrationPrices(db, [...new Set(devices.map((d) => d.deviceType))], currency);
  const open = await openOrdersOf(db, body.serialNumbers);
  const companies = new Set(devices.map((device) => device.companyId));
  const lines: PricedLine[] = [];
  let weightGrams = 0;
  body.serialNumbers.forEach((serialNumber, index) => {
    const field = `body.serialNumbers.${index}`;
    const device = bySerial.get(serialNumber);
    if (!device)
      return problems.push({
        field,
        message: `${serialNumber}: no such device of yours`,
        rule: { kind: 'unknown' },
      });
    if (!device.activationDate)
      return problems.push({
        field,
        message: `${serialNumber}: is not activated`,
        rule: { kind: 'unavailable' },
      });
    const inOrder = open.get(serialNumber);
    if (inOrder)
      return problems.push({
        field,
        message: `${serialNumber}: is in order ${inOrder.number} already`,
        rule: { kind: 'taken' },
      });
    if (center?.active && !center.deviceTypes.includes(device.deviceType))
      return problems.push({
        field,
        message: `${serialNumber}: ${center.name} does not calibrate ${device.deviceType}`,
        rule: { kind: 'unavailable' },
      });
    const sku = priceOf(device.deviceType);
    if (!sku || sku.amountMinor === null)
      return problems.push({
        field,
        message: `${serialNumber}: its calibration is not sold in ${currency}`,
        rule: { kind: 'unavailable' },
      });
    weightGrams += sku.weightGrams;
    lines.push({
      kind: 'calibration',
      skuId: sku.id,
      skuCode: sku.code,
      description: sku.name,
      serialNumber,
      deviceType: device.deviceType,
      quantity: 1,
      unitAmountMinor: sku.amountMinor,
      amountMinor: sku.amountMinor,
    });
  });
  if (companies.size > 1)
    problems.push({
      field: 'body.serialNumbers',
      message: 'must be devices of one company',
      rule: { kind: 'unavailable' },
    });
  const companyId = devices[0]?.companyId ?? null;
  const [pickup] = companyId
    ? await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, body.pickupAddressId), eq(addresses.companyId, companyId)))
    : [];
  if (!pickup)
    problems.push({
      field: 'body.pickupAddressId',
      message: 'is not an address of the company',
      rule: { kind: 'unknown' },
    });
  const provider = center ? await shipmentProviderFor(db, center.id) : undefined;
  if (center?.active && !provider)
    problems.push({
      field: 'body.serviceCenterId',
      message: 'has no carrier to pick devices up',
      rule: { kind: 'unavailable' },
    });
  const shipping = provider
    ? shipmentProviderOf(provider.kind).rate(provider.rates, currency, weightGrams)
    : null;
  if (provider && shipping === null)
    problems.push({
      field: 'body.serviceCenterId',
      message: `ships with no rate in ${currency}`,
      rule: { kind: 'unavailable' },
    });
  if (problems.length || !companyId || !center || !provider || !pickup || shipping === null)
    throw invalid(
      problems.length
        ? problems
        : [{ field: 'body.serialNumbers', message: 'names no device', rule: { kind: 'unknown' } }],
    );
  lines.push({
    kind: 'shipping',
    skuId: null,
    skuCode: null,
    description: `Pick-up and return (${provider.name})`,
    serialNumber: null,
    deviceType: null,
    quantity: 2,
    unitAmountMinor: shipping,
    amountMinor: lineAmount(shipping, 2),
  });
  return {
    companyId,
    currency,
    serviceCenter: center,
    provider,
    pickupAddress: { ...pickup.address, label: pickup.label },
    lines,
    totalMinor: lines.reduce((sum, line) => sum + line.amountMinor, 0),
    weightGrams,
  };
}
