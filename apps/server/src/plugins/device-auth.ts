import { createHash, type Hash } from 'node:crypto';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { DEVICE_CLOCK_WINDOW_MS, deviceSigningText, parseDeviceAuthorization } from '@fleet/contract';
import { series } from '../db/schema.ts';
import { unauthorized } from '../lib/errors.ts';
import { signatureMatches } from '@fleet/device-kit/device-keys';
import type { AuthenticatedDevice } from '../lib/authenticated-device.ts';
import type { SharedStore } from '../lib/shared-store.ts';

/** Devices out of service: blacklisted, discarded or recycled. Their key stops working at once. */
export const REFUSED_STATUSES = ['B', 'I', 'R'] as const;

/** How long a nonce is remembered: the clock window on both sides of the server's time. */
const NONCE_KEEP_MS = 2 * DEVICE_CLOCK_WINDOW_MS + 1000;

/**
 * Nonces seen within the clock window, so that a captured request cannot be sent again, on any node
 * (the shared store). `ledger` keeps the device protocol's and the hub's apart.
 */
export function nonceLedger(store: SharedStore, ledger: string) {
  return {
    /** false: this device's nonce was used already. */
    remember: (serialNumber: string, nonce: string) =>
      store.rememberOnce(`nonce:${ledger}:${serialNumber}:${nonce}`, NONCE_KEEP_MS),
  };
}

export type NonceLedger = ReturnType<typeof nonceLedger>;

interface PendingProof {
  device: AuthenticatedDevice;
  publicKey: string;
  timestamp: number;
  nonce: string;
  signature: string;
  body: Hash;
}

const isDeviceRoute = (request: FastifyRequest) => request.routeOptions.config.access === 'device';

/**
 * The device protocol's authentication: each request signed with the device's own key (see
 * `device-protocol.ts` in the contract), never a user token. The device is read on every request,
 * so a deleted, refused or re-keyed device is shut out at once.
 */
export const deviceAuthPlugin = fp(async (app: FastifyInstance) => {
  const nonces = nonceLedger(app.sharedStore, 'device');
  const proofs = new WeakMap<FastifyRequest, PendingProof>();
  app.decorateRequest('device', null);

  app.addHook('onRequest', async (request) => {
    if (!isDeviceRoute(request)) return;
    const authorization = parseDeviceAuthorization(request.headers.authorization);
    if (!authorization)
      throw unauthorized('Device signature required: Authorization: Device sn=…,ts=…,nonce=…,sig=…');
    if (Math.abs(Date.now() - authorization.timestamp) > DEVICE_CLOCK_WINDOW_MS)
      throw unauthorized('Device clock is off: the request time is more than 2 minutes from the server time');
    const [row] = await app.database.db
      .select({ id: series.id, publicKey: series.devicePublicKey, status: series.deviceStatus })
      .from(series)
      .where(eq(series.serialNumber, authorization.serialNumber));
    if (!row?.publicKey || (REFUSED_STATUSES as readonly string[]).includes(row.status))
      throw unauthorized('Device key required');
    proofs.set(request, {
      device: { id: row.id, serialNumber: authorization.serialNumber },
      publicKey: row.publicKey,
      timestamp: authorization.timestamp,
      nonce: authorization.nonce,
      signature: authorization.signature,
      body: createHash('sha256'),
    });
  });

  // The body's hash is part of what is signed: taken as it streams in, before it is parsed.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const proof = proofs.get(request);
    if (!proof) return payload;
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        proof.body.update(chunk);
        done(null, chunk);
      },
    });
    payload.on('error', (error) => hashing.destroy(error));
    return payload.pipe(hashing);
  });

  app.addHook('preValidation', async (request) => {
    const proof = proofs.get(request);
    if (!proof) return;
    const text = deviceSigningText({
      method: request.method,
      url: request.url,
      timestamp: proof.timestamp,
      nonce: proof.nonce,
      bodySha256Hex: proof.body.digest('hex'),
    });
    if (!signatureMatches(proof.publicKey, text, proof.signature)) throw unauthorized('Device key required');
    if (!(await nonces.remember(proof.device.serialNumber, proof.nonce)))
      throw unauthorized('Device request replayed: its nonce was used already');
    request.device = proof.device;
  });
});
