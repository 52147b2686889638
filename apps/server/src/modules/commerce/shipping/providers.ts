import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  canUseFeature,
  type ShipmentProviderAccount,
  type shipmentProviderBodySchema,
} from '@fleet/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { packages, serviceCenters, shipmentProviders } from '../../../db/schema.ts';
import { forbidden, invalid, notFound } from '../../../lib/errors.ts';
import type { SignedInUser } from '../../../lib/signed-in-user.ts';
import { recordAudit } from '../../audit/service.ts';
import { checkKnownCurrencies } from '../../catalogue/service.ts';
import { centerScope, isServicePartner, staffCentersOf } from '../orders/scope.ts';

type ShipmentProviderBody = z.output<typeof shipmentProviderBodySchema>;

/** Partners see their centers' accounts and the global ones every center without its own uses. */
const providerScope = (user: SignedInUser) =>
  isServicePartner(user)
    ? or(
        isNull(shipmentProviders.serviceCenterId),
        inArray(shipmentProviders.serviceCenterId, staffCentersOf(user)),
      )
    : undefined;

const managesGlobal = (user: SignedInUser) =>
  canUseFeature('SHIPMENT_PROVIDERS.MANAGE_GLOBAL', user.roles, user.disabledFeatures);

export async function listShipmentProviders(
  db: Db,
  user: SignedInUser,
): Promise<{ shipmentProviders: ShipmentProviderAccount[] }> {
  const used = db
    .select({ providerId: packages.shipmentProviderId, n: count().as('package_count') })
    .from(packages)
    .groupBy(packages.shipmentProviderId)
    .as('used');
  const rows = await db
    .select({
      provider: shipmentProviders,
      centerName: serviceCenters.name,
      packageCount: sql<number>`coalesce(${used.n}, 0)::int`,
    })
    .from(shipmentProviders)
    .leftJoin(serviceCenters, eq(serviceCenters.id, shipmentProviders.serviceCenterId))
    .leftJoin(used, eq(used.providerId, shipmentProviders.id))
    .where(providerScope(user))
    .orderBy(
      sql`${shipmentProviders.serviceCenterId} is not null`,
      asc(serviceCenters.name),
      asc(shipmentProviders.name),
    );
  return {
    shipmentProviders: rows.map(({ provider, centerName, packageCount }) => ({
      id: provider.id,
      serviceCenter:
        provider.serviceCenterId === null ? null : { id: provider.serviceCenterId, name: centerName ?? '' },
      name: provider.name,
      kind: provider.kind as ShipmentProviderAccount['kind'],
      accountNumber: provider.accountNumber,
      rates: Object.entries(provider.rates)
        .map(([currency, rate]) => ({ currency, ...rate }))
        .sort((first, second) => first.currency.localeCompare(second.currency)),
      active: provider.active,
      packageCount,
    })),
  };
}

/** The center an account is for must be one the user reaches; a global account needs MANAGE_GLOBAL. */
async function checkCenter(tx: Db, user: SignedInUser, serviceCenterId: number | null) {
  if (serviceCenterId === null) {
    if (!managesGlobal(user)) throw forbidden('Global carrier accounts are managed by administrators');
    return;
  }
  const [center] = await tx
    .select({ id: serviceCenters.id })
    .from(serviceCenters)
    .where(and(eq(serviceCenters.id, serviceCenterId), centerScope(user)));
  if (!center)
    throw invalid([
      { field: 'body.serviceCenterId', message: 'is no service center of yours', rule: { kind: 'unknown' } },
    ]);
}

/**
 * A carrier account added or changed (docs/commerce.md "Shipping"): a center's own by whoever manages
 * shipment providers for it, a global one by administrators; packages already labelled keep their rate.
 */
export async function saveShipmentProvider(
  db: Db,
  user: SignedInUser,
  id: number | null,
  body: ShipmentProviderBody,
) {
  return db.transaction(async (tx) => {
    let before: typeof shipmentProviders.$inferSelect | undefined;
    if (id !== null) {
      [before] = await tx
        .select()
        .from(shipmentProviders)
        .where(and(eq(shipmentProviders.id, id), providerScope(user)))
        .for('update');
      if (!before) throw notFound(`No shipment provider ${id}`);
      if (before.serviceCenterId === null && !managesGlobal(user))
        throw forbidden('Global carrier accounts are managed by administrators');
    }
    await checkCenter(tx, user, body.serviceCenterId);
    await checkKnownCurrencies(tx, body.rates, 'rates');
    const { rates, ...fields } = body;
    const values = {
      ...fields,
      rates: Object.fromEntries(rates.map(({ currency, ...rate }) => [currency, rate])),
    };
    const [saved] =
      id === null
        ? await tx.insert(shipmentProviders).values(values).returning({ id: shipmentProviders.id })
        : await tx
            .update(shipmentProviders)
            .set(values)
            .where(eq(shipmentProviders.id, id))
            .returning({ id: shipmentProviders.id });
    await recordAudit(tx, user, {
      action: id === null ? 'shipment-provider.create' : 'shipment-provider.update',
      subjectType: 'shipment-provider',
      subjectId: String(saved!.id),
      details: before ? { from: { ...before }, to: values } : { ...values },
    });
    return { id: saved!.id };
  });
}
