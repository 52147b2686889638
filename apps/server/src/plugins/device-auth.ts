import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { series } from '../db/schema.ts';

export interface AuthenticatedDevice {
  id: number;
  serialNumber: string;
}

/** Devices out of service: blacklisted, discarded or recycled. Their key stops working at once. */
export const REFUSED_STATUSES = ['B', 'I', 'R'] as const;

/** `Authorization: Device <serialNumber>:<key>`. */
function deviceCredentials(request: FastifyRequest): { serialNumber: string; key: string } | null {
  const header = request.headers.authorization;
  const match = header ? /^Device ([A-Za-z0-9]{1,32}):(\S{16,200})$/.exec(header) : null;
  return match ? { serialNumber: match[1]!, key: match[2]! } : null;
}

/** Devices authenticate with their own key (its SHA-256 is stored with the device), never a user token. */
export const deviceAuthPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('device', null);
  app.decorate('authenticateDevice', async (request: FastifyRequest): Promise<AuthenticatedDevice | null> => {
    const credentials = deviceCredentials(request);
    if (!credentials) return null;
    // Read on every request, never cached: a deleted or refused device is shut out at once.
    const [row] = await app.database.db
      .select({ id: series.id, hash: series.deviceKeyHash, status: series.deviceStatus })
      .from(series)
      .where(eq(series.serialNumber, credentials.serialNumber));
    if (!row?.hash || (REFUSED_STATUSES as readonly string[]).includes(row.status)) return null;
    const stored = Buffer.from(row.hash, 'hex');
    const presented = createHash('sha256').update(credentials.key).digest();
    if (stored.length !== presented.length || !timingSafeEqual(stored, presented)) return null;
    return { id: row.id, serialNumber: credentials.serialNumber };
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    authenticateDevice(request: FastifyRequest): Promise<AuthenticatedDevice | null>;
  }
}
