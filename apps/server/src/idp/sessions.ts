import type { IncomingMessage, ServerResponse } from 'node:http';
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type Provider from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { oidcPayloads } from '../db/schema.ts';

/** The provider's session of this browser, when someone is signed in to it. */
export interface BrowserSession {
  /** The session's own id: its row in `oidc_payloads`. */
  id: string;
  /** The account signed in. */
  accountId: string;
  /** The grants this browser's sign-ins hold, one per client. */
  grantIds: string[];
}

/** Reads the provider's session cookie as the provider does; null when nobody is signed in. */
export async function browserSession(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<BrowserSession | null> {
  const session = await provider.Session.get(provider.createContext(req, res));
  if (!session.accountId) return null;
  const grantIds = Object.values(session.authorizations ?? {})
    .map((authorization) => authorization.grantId)
    .filter((grantId): grantId is string => typeof grantId === 'string');
  return { id: session.jti, accountId: session.accountId, grantIds };
}

const ofAccount = (accountId: string) => sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`;

/**
 * Ends every sign-in of the account but this browser's: its other sessions, and its grants with their
 * tokens and codes (a console signed in elsewhere is refused at its next call, and its refresh token is
 * gone). Runs in the caller's transaction. Answers how many sessions and grants ended.
 */
export async function endOtherSessions(
  db: Db,
  keep: BrowserSession,
): Promise<{ sessions: number; grants: number }> {
  const sessions = await db
    .delete(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'Session'), ofAccount(keep.accountId), ne(oidcPayloads.id, keep.id)))
    .returning({ id: oidcPayloads.id });
  const otherGrants = and(
    eq(oidcPayloads.model, 'Grant'),
    ofAccount(keep.accountId),
    keep.grantIds.length ? notInArray(oidcPayloads.id, keep.grantIds) : undefined,
  );
  // Their tokens and codes first, found by the grants still there.
  await db
    .delete(oidcPayloads)
    .where(
      inArray(oidcPayloads.grantId, db.select({ id: oidcPayloads.id }).from(oidcPayloads).where(otherGrants)),
    );
  const grants = await db.delete(oidcPayloads).where(otherGrants).returning({ id: oidcPayloads.id });
  return { sessions: sessions.length, grants: grants.length };
}

/** Ends one grant with its tokens and codes, as signing out does. */
export async function revokeGrant(db: Db, grantId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    await tx.delete(oidcPayloads).where(and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.id, grantId)));
  });
}
