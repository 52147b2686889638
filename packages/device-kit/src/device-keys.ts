import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { deviceSigningText, formatDeviceAuthorization } from '@fleet/contract';

/**
 * Device keys: Ed25519 key pairs. The device keeps the private half (32 random bytes, base64url,
 * shown once when issued); the server stores the public half only, which lets it check a
 * signature but never make one.
 */
export interface DeviceKeyPair {
  privateKey: string;
  publicKey: string;
}

// DER prefixes of an Ed25519 private key (PKCS #8) and public key (SPKI) around their 32 raw bytes.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

function privateKeyObject(privateKey: string): KeyObject {
  const raw = Buffer.from(privateKey, 'base64url');
  if (raw.length !== 32) throw new Error('a device key is 32 bytes');
  return createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, raw]), format: 'der', type: 'pkcs8' });
}

function publicKeyObject(publicKey: string): KeyObject {
  return createPublicKey({
    key: Buffer.concat([SPKI_PREFIX, Buffer.from(publicKey, 'base64url')]),
    format: 'der',
    type: 'spki',
  });
}

export function publicKeyOf(privateKey: string): string {
  const der = createPublicKey(privateKeyObject(privateKey)).export({ format: 'der', type: 'spki' });
  return der.subarray(SPKI_PREFIX.length).toString('base64url');
}

export function newDeviceKey(): DeviceKeyPair {
  // Both halves as DER in one native call: the raw 32 bytes follow their fixed prefixes.
  const pair = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'der' },
    publicKeyEncoding: { type: 'spki', format: 'der' },
  });
  return {
    privateKey: pair.privateKey.subarray(PKCS8_PREFIX.length).toString('base64url'),
    publicKey: pair.publicKey.subarray(SPKI_PREFIX.length).toString('base64url'),
  };
}

export function sha256Hex(body: Uint8Array | string): string {
  return createHash('sha256').update(body).digest('hex');
}

export interface DeviceRequest {
  method: string;
  /** Path and query, exactly as sent. */
  url: string;
  body?: Uint8Array | string | undefined;
}

/** The Authorization header a device sends with this request (device protocol, spec in the contract). */
export function signDeviceRequest(
  serialNumber: string,
  privateKey: string,
  request: DeviceRequest,
  at: number = Date.now(),
): string {
  const now = Math.floor(at);
  const nonce = randomBytes(18).toString('base64url');
  const text = deviceSigningText({
    method: request.method,
    url: request.url,
    timestamp: now,
    nonce,
    bodySha256Hex: sha256Hex(request.body ?? ''),
  });
  const signature = sign(null, Buffer.from(text), privateKeyObject(privateKey)).toString('base64url');
  return formatDeviceAuthorization({ serialNumber, timestamp: now, nonce, signature });
}

export function signatureMatches(publicKey: string, text: string, signature: string): boolean {
  try {
    return verify(null, Buffer.from(text), publicKeyObject(publicKey), Buffer.from(signature, 'base64url'));
  } catch {
    return false;
  }
}
