import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../db/client.ts';
import { legacySecretFile, sharedSecret } from '../db/server-secrets.ts';

export interface IdpKeys {
  /** Private signing keys (the first signs). */
  signing: JWK[];
  /** Public halves, for checking tokens. */
  public: JWK[];
  cookieKeys: string[];
}

interface StoredKeys {
  signing: JWK[];
  cookieKeys: string[];
}

function publicHalf(jwk: JWK): JWK {
  const { kty, n, e, kid, alg, use } = jwk;
  return { kty, n, e, kid, alg, use };
}

/**
 * Keys of the built-in identity provider, kept in the database so that sessions survive a restart and
 * every node signs and checks with the same keys (an `idp-keys.json` of an older start is taken over).
 */
export async function loadOrCreateIdpKeys(db: Db, dataDir: string): Promise<IdpKeys> {
  const value = await sharedSecret(db, 'idp-keys', newKeys, legacySecretFile(dataDir, 'idp-keys'));
  const stored = JSON.parse(value) as StoredKeys;
  return { signing: stored.signing, public: stored.signing.map(publicHalf), cookieKeys: stored.cookieKeys };
}

async function newKeys(): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  const stored: StoredKeys = { signing: [jwk], cookieKeys: [randomBytes(32).toString('base64url')] };
  return JSON.stringify(stored);
}
