import { inArray, sql, type SQL } from 'drizzle-orm';
import { PARTNER_ROLES } from '@fleet/contract';
import { orders, serviceCenterStaff, serviceCenters } from '../../../db/schema.ts';
import { companyScope } from '../../../lib/scope.ts';
import type { SignedInUser } from '../../../lib/signed-in-user.ts';

/** Whether the user works for service centers as a partner (external service-center manager, calibrator). */
export function isServicePartner(user: SignedInUser): boolean {
  return !user.wholeFleet && user.roles.some((role) => (PARTNER_ROLES as readonly string[]).includes(role));
}

/** The centers a user is staff of. */
export function staffCentersOf(user: SignedInUser): SQL {
  return sql`(select ${serviceCenterStaff.serviceCenterId} from ${serviceCenterStaff} where ${serviceCenterStaff.userId} = ${user.id})`;
}

/** The service centers a user reaches: service partners their own, internal staff all. */
export function centerScope(user: SignedInUser): SQL | undefined {
  return isServicePartner(user) ? inArray(serviceCenters.id, staffCentersOf(user)) : undefined;
}

/**
 * Which orders a user reaches (docs/commerce.md "Rights"): internal staff every order, service partners
 * the orders of their centers, customers their own company's.
 */
export function orderScope(user: SignedInUser): SQL | undefined {
  if (user.wholeFleet) return undefined;
  if (isServicePartner(user)) return inArray(orders.serviceCenterId, staffCentersOf(user));
  return companyScope(user, orders.companyId);
}
