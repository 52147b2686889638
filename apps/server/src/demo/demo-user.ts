import { eq } from 'drizzle-orm';
import { ROLE_CATALOGUE, type RoleCode } from '@fleet/contract';
import type { SignedInUser } from '../lib/signed-in-user.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';

/** A demo user as the services see a signed-in user. */
export async function demoUser(db: Db, role: RoleCode): Promise<SignedInUser> {
  const [user] = await db.select().from(t.users).where(eq(t.users.username, role));
  if (!user) throw new Error(`no demo user ${role}`);
  const internal = ROLE_CATALOGUE.find((r) => r.code === role)!.kind === 'internal';
  return {
    id: user.id,
    issuer: user.issuer,
    subject: user.subject,
    name: user.name,
    email: user.email,
    roles: [role],
    companyId: user.companyId,
    wholeFleet: internal,
    disabledFeatures: new Set(),
    scopes: [],
  };
}
