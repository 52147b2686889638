import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import type Provider from 'oidc-provider';
import type { Db } from '../db/client.ts';
import type { IdpKeys } from './keys.ts';
import { revokeGrant } from './sessions.ts';

/**
 * The provider's access tokens are JWTs for the API (RFC 9068), which oidc-provider neither stores nor
 * accepts at its userinfo and revocation endpoints. These checks let both take them, as a third-party
 * client expects: same signature, issuer and audience as the API checks, and a grant still there.
 */
export interface CheckedAccessToken {
  payload: JWTPayload;
  /** The grant the token was issued under, still there. */
  grant: InstanceType<Provider['Grant']>;
}

export interface AccessTokenCheck {
  /** The token's claims and grant when it is one of ours and its grant stands, else null. */
  verify(token: string): Promise<CheckedAccessToken | null>;
}

export function accessTokenCheck(
  provider: Provider,
  keys: IdpKeys,
  issuer: string,
  audience: string,
): AccessTokenCheck {
  const getKey = createLocalJWKSet({ keys: keys.public });
  return {
    async verify(token) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, getKey, {
          issuer,
          audience,
          typ: 'at+jwt',
          requiredClaims: ['sub', 'client_id', 'exp'],
        }));
      } catch {
        return null;
      }
      if (typeof payload.gid !== 'string') return null;
      const grant = await provider.Grant.find(payload.gid);
      return grant && grant.clientId === payload.client_id && grant.accountId === payload.sub
        ? { payload, grant }
        : null;
    },
  };
}

export function isJwt(token: string): boolean {
  try {
    return !!decodeProtectedHeader(token);
  } catch {
    return false;
  }
}

/** oidc-provider's own limit for a request body. */
const BODY_LIMIT = 56 * 1024;

async function readFormBody(req: IncomingMessage): Promise<Buffer | null> {
  const length = Number(req.headers['content-length'] ?? NaN);
  if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return null;
  if (Number.isFinite(length) && length > BODY_LIMIT) return null;
  const chunks: Buffer[] = [];
  let received = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    received += chunk.length;
    if (received > BODY_LIMIT) throw new Error('request entity too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The client a revocation request names: `client_id` in the form, or HTTP Basic's user name. */
function clientIdOf(req: IncomingMessage, form: URLSearchParams): string | null {
  const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (basic) return decodeURIComponent(Buffer.from(basic, 'base64').toString().split(':')[0] ?? '') || null;
  return form.get('client_id');
}

/**
 * RFC 7009 for our JWT access tokens: revoking one revokes its grant, as signing out does (its refresh
 * token and every access token of the grant stop working). Answers whether it handled the request: a
 * refresh token, or a client that authenticates with a secret, goes on to oidc-provider, which reads the
 * body kept in `req.body`.
 */
export async function revokeAccessToken(
  db: Db,
  provider: Provider,
  check: AccessTokenCheck,
  req: IncomingMessage & { body?: Buffer },
  res: ServerResponse,
): Promise<boolean> {
  const body = await readFormBody(req);
  if (!body) return false;
  req.body = body;
  const form = new URLSearchParams(body.toString());
  const token = form.get('token');
  if (!token || !isJwt(token) || form.getAll('token').length > 1) return false;
  const clientId = clientIdOf(req, form);
  const client = clientId ? await provider.Client.find(clientId) : undefined;
  if (!client || client.clientAuthMethod !== 'none') return false;
  const checked = await check.verify(token);
  // A token of another client, expired or already revoked is answered as revoked, without a hint.
  if (checked && checked.grant.clientId === client.clientId) {
    const grantId = checked.payload.gid as string;
    await revokeGrant(db, grantId);
    provider.emit('grant.revoked', undefined, grantId);
  }
  res.writeHead(200, { 'cache-control': 'no-store' }).end();
  return true;
}
