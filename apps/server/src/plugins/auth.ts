import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { isRoleCode, seesWholeFleet } from '@fleet/contract';
import type { Db } from '../db/client.ts';
import { oidcPayloads, userRoles, users } from '../db/schema.ts';
import { LOCAL_PROVIDER, type TrustedIssuer } from '../appsettings.ts';
import type { IdpKeys } from '../idp/keys.ts';
import type { SignedInUser } from '../lib/signed-in-user.ts';

interface IssuerCheck {
  provider: TrustedIssuer;
  getKey: JWTVerifyGetKey;
  /** 'local' for the built-in provider, else the issuer itself. */
  key: string;
}

async function discoverJwks(provider: TrustedIssuer): Promise<URL> {
  if (provider.jwksUri) return new URL(provider.jwksUri);
  const response = await fetch(`${provider.authority.replace(/\/$/, '')}/.well-known/openid-configuration`);
  if (!response.ok) throw new Error(`discovery of ${provider.authority} failed with ${response.status}`);
  const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
  if (!jwksUri) throw new Error(`${provider.authority} names no jwks_uri`);
  return new URL(jwksUri);
}

/** A key set fetched from the provider's JWKS on first use (and cached by jose). */
function remoteKeySet(provider: TrustedIssuer): JWTVerifyGetKey {
  let keySet: Promise<JWTVerifyGetKey> | undefined;
  return async (header, token) => {
    keySet ??= discoverJwks(provider).then((url) => createRemoteJWKSet(url));
    try {
      return await (
        await keySet
      )(header, token);
    } catch (error) {
      keySet = undefined;
      throw error;
    }
  };
}

export function issuerChecks(trusted: TrustedIssuer[], idpKeys: IdpKeys | null): Map<string, IssuerCheck> {
  return new Map(
    trusted.map((provider) => {
      const local = provider.name === LOCAL_PROVIDER && idpKeys;
      const getKey = local ? createLocalJWKSet({ keys: idpKeys.public }) : remoteKeySet(provider);
      return [provider.issuer, { provider, getKey, key: local ? LOCAL_PROVIDER : provider.issuer }];
    }),
  );
}

async function verifyToken(
  token: string,
  checks: Map<string, IssuerCheck>,
): Promise<{ payload: JWTPayload; check: IssuerCheck } | null> {
  let issuer: string | undefined;
  try {
    issuer = decodeJwt(token).iss;
  } catch {
    return null;
  }
  const check = issuer ? checks.get(issuer) : undefined;
  if (!check) return null;
  try {
    const { payload } = await jwtVerify(token, check.getKey, {
      issuer: check.provider.issuer,
      audience: check.provider.audience ?? check.provider.clientId,
      requiredClaims: ['sub', 'exp'],
    });
    return { payload, check };
  } catch {
    return null;
  }
}

/** `scope` is space-separated (RFC 9068); some providers send `scp` as a list. */
function scopesOf(payload: JWTPayload): string[] {
  if (typeof payload.scope === 'string') return payload.scope.split(' ').filter(Boolean);
  return Array.isArray(payload.scp) ? payload.scp.filter((s): s is string => typeof s === 'string') : [];
}

function displayName(payload: JWTPayload): string {
  for (const claim of ['name', 'preferred_username', 'email']) {
    const value = payload[claim];
    if (typeof value === 'string' && value) return value;
  }
  return String(payload.sub);
}

/** Maps a token to its user by issuer and subject; an external user is created without roles on first sight. */
async function userFor(
  db: Db,
  issuerKey: string,
  payload: JWTPayload,
  disabledFeatures: ReadonlySet<string>,
): Promise<SignedInUser | null> {
  const subject = String(payload.sub);
  let [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.issuer, issuerKey), eq(users.subject, subject)));
  if (!row) {
    if (issuerKey === LOCAL_PROVIDER) return null;
    const email = typeof payload.email === 'string' ? payload.email : null;
    await db
      .insert(users)
      .values({ id: randomUUID(), issuer: issuerKey, subject, name: displayName(payload), email })
      .onConflictDoNothing();
    [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.issuer, issuerKey), eq(users.subject, subject)));
    if (!row) return null;
  }
  return withRoles(db, row, disabledFeatures, scopesOf(payload));
}

async function withRoles(
  db: Db,
  row: typeof users.$inferSelect,
  disabledFeatures: ReadonlySet<string>,
  scopes: string[],
): Promise<SignedInUser> {
  const roleRows = await db
    .select({ code: userRoles.roleCode })
    .from(userRoles)
    .where(eq(userRoles.userId, row.id));
  const roles = roleRows.map((r) => r.code).filter(isRoleCode);
  return {
    id: row.id,
    issuer: row.issuer,
    subject: row.subject,
    name: row.name,
    email: row.email,
    roles,
    companyId: row.companyId,
    wholeFleet: seesWholeFleet(roles),
    disabledFeatures,
    scopes,
  };
}

/**
 * A user as they are now, for work done on their behalf after the request (a task): their current roles
 * and company decide what it may read. Undefined when the user is gone.
 */
export async function currentUser(
  db: Db,
  userId: string,
  disabledFeatures: ReadonlySet<string>,
): Promise<SignedInUser | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row ? withRoles(db, row, disabledFeatures, []) : undefined;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

export interface CheckedToken {
  user: SignedInUser;
  expiresAt: number;
}

export interface AuthOptions {
  trustedIssuers: TrustedIssuer[];
  idpKeys: IdpKeys | null;
}

/** How long a checked token's user and roles are reused: a role change takes effect within this time. */
const USER_CACHE_MS = 30_000;
const USER_CACHE_SIZE = 10_000;

/**
 * Tokens of the built-in provider name their grant (`gid`); signing out revokes the grant, and a
 * token whose grant is gone is refused although it has not expired yet.
 */
async function grantActive(db: Db, payload: JWTPayload): Promise<boolean> {
  if (typeof payload.gid !== 'string') return true;
  const [grant] = await db
    .select({ expiresAt: oidcPayloads.expiresAt })
    .from(oidcPayloads)
    .where(and(eq(oidcPayloads.model, 'Grant'), eq(oidcPayloads.id, payload.gid)));
  return !!grant && (!grant.expiresAt || grant.expiresAt.getTime() > Date.now());
}

/** Resolves `request.user` from the bearer token; the rights plugin decides what that allows. */
export const authPlugin = fp(async (app: FastifyInstance, options: AuthOptions) => {
  const checks = issuerChecks(options.trustedIssuers, options.idpKeys);
  const recent = new Map<string, { user: SignedInUser; until: number; expiresAt: number; grant: unknown }>();
  app.decorateRequest('user', null);
  app.decorate('forgetGrant', (grantId: string) => {
    for (const [token, entry] of recent) if (entry.grant === grantId) recent.delete(token);
  });
  app.decorate('forgetUser', (userId: string) => {
    for (const [token, entry] of recent) if (entry.user.id === userId) recent.delete(token);
  });
  const checkToken = async (token: string): Promise<CheckedToken | null> => {
    const cached = recent.get(token);
    if (cached && cached.until > Date.now()) return { user: cached.user, expiresAt: cached.expiresAt };
    const verified = await verifyToken(token, checks);
    if (!verified) return null;
    if (verified.check.key === LOCAL_PROVIDER && !(await grantActive(app.database.db, verified.payload)))
      return null;
    const user = await userFor(
      app.database.db,
      verified.check.key,
      verified.payload,
      app.config.disabledFeatures,
    );
    if (!user) return null;
    const expiresAt = (verified.payload.exp ?? 0) * 1000;
    if (recent.size >= USER_CACHE_SIZE) recent.clear();
    recent.set(token, {
      user,
      until: Math.min(Date.now() + USER_CACHE_MS, expiresAt),
      expiresAt,
      grant: verified.payload.gid,
    });
    return { user, expiresAt };
  };
  app.decorate('checkToken', checkToken);
  app.decorate('authenticate', async (request: FastifyRequest): Promise<SignedInUser | null> => {
    const token = bearerToken(request);
    return token ? ((await checkToken(token))?.user ?? null) : null;
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<SignedInUser | null>;
    /** The user of an access token and when the token expires (ms); null for a token refused. */
    checkToken(token: string): Promise<CheckedToken | null>;
    /** Forgets the checked tokens of a revoked grant at once (sign-out). */
    forgetGrant(grantId: string): void;
    /** Forgets this node's checked tokens of a user, whose rights changed: their next call reads them anew. */
    forgetUser(userId: string): void;
  }
}
