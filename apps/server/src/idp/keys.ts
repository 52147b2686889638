import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

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

/** Keys of the built-in identity provider, kept in DATA_DIR so that sessions survive a restart. */
export async function loadOrCreateIdpKeys(dataDir: string): Promise<IdpKeys> {
  const file = path.join(dataDir, 'idp-keys.json');
  let stored: StoredKeys;
  try {
    stored = JSON.parse(await readFile(file, 'utf8')) as StoredKeys;
  } catch {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
    stored = { signing: [jwk], cookieKeys: [randomBytes(32).toString('base64url')] };
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return { signing: stored.signing, public: stored.signing.map(publicHalf), cookieKeys: stored.cookieKeys };
}
