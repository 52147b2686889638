import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SignedInUser } from './signed-in-user.ts';

/**
 * The one rule of who sees which devices: internal members the whole fleet, everybody else the
 * devices of their own company (none without a company). Applied by every service to the very records.
 */
export function companyScope(user: SignedInUser, companyColumn: AnyPgColumn): SQL | undefined {
  if (user.wholeFleet) return undefined;
  return user.companyId ? eq(companyColumn, user.companyId) : sql`false`;
}
