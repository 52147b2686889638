import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { series } from '../db/schema.ts';

export interface AuthenticatedDevice {
  id: number;
  serialNumber: string;
}

interface KnownKey {
  id: number;
  hash: Buffer | null;
  loadedAt: number;
}

const CACHE_MS = 60_000;

/** `Authorization: Device <serialNumber>:<key>`. */
function deviceCredentials(request: FastifyRequest): { serialNumber: string; key: string } | null {
  const header = request.headers.authorization;
  const match = header ? /^Device ([A-Za-z0-9]{1,32}):(\S{16,200})$/.exec(header) : null;
  return match ? { serialNumber: match[1]!, key: match[2]! } : null;
}

/** Devices authenticate with their own key (its SHA-256 is stored with the device), never a user token. */
export const deviceAuthPlugin = fp(async (app: FastifyInstance) => {
  const known = new Map<string, KnownKey>();
  app.decorateRequest('device', null);
  app.decorate('authenticateDevice', async (request: FastifyRequest): Promise<AuthenticatedDevice | null> => {
    const credentials = deviceCredentials(request);
    if (!credentials) return null;
    let entry = known.get(credentials.serialNumber);
    if (!entry || Date.now() - entry.loadedAt > CACHE_MS) {
      const [row] = await app.database.db
        .select({ id: series.id, hash: series.deviceKeyHash })
        .from(series)
        .where(eq(series.serialNumber, credentials.serialNumber));
      if (!row) return null;
      entry = { id: row.id, hash: row.hash ? Buffer.from(row.hash, 'hex') : null, loadedAt: Date.now() };
      known.set(credentials.serialNumber, entry);
    }
    const presented = createHash('sha256').update(credentials.key).digest();
    if (!entry.hash || entry.hash.length !== presented.length || !timingSafeEqual(entry.hash, presented))
      return null;
    return { id: entry.id, serialNumber: credentials.serialNumber };
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    authenticateDevice(request: FastifyRequest): Promise<AuthenticatedDevice | null>;
  }
}
