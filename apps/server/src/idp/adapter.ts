import { and, eq } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { oidcPayloads } from '../db/schema.ts';
import { isDatabaseUnreachable } from '../lib/database-errors.ts';

/**
 * The database out of reach: oidc-provider answers with the error's status (503, not 500), and the
 * provider's middleware adds Retry-After (provider.ts).
 */
export async function unlessUnreachable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (!isDatabaseUnreachable(error)) throw error;
    throw Object.assign(new Error('the database cannot be reached', { cause: error }), { statusCode: 503 });
  }
}

/** oidc-provider storage in the console's database, so sessions survive restarts. */
export function databaseAdapter(db: Db) {
  return class DatabaseAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const row = {
        model: this.model,
        id,
        payload: payload as Record<string, unknown>,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await unlessUnreachable(
        db
          .insert(oidcPayloads)
          .values(row)
          .onConflictDoUpdate({ target: [oidcPayloads.model, oidcPayloads.id], set: row }),
      );
    }

    async #findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await unlessUnreachable(
        db
          .select()
          .from(oidcPayloads)
          .where(and(eq(oidcPayloads.model, this.model), condition)),
      );
      if (!row || (row.expiresAt && row.expiresAt.getTime() <= Date.now())) return undefined;
      return { ...(row.payload as AdapterPayload), ...(row.consumedAt ? { consumed: row.consumedAt } : {}) };
    }

    find(id: string) {
      return this.#findWhere(eq(oidcPayloads.id, id));
    }

    findByUserCode(userCode: string) {
      return this.#findWhere(eq(oidcPayloads.userCode, userCode));
    }

    findByUid(uid: string) {
      return this.#findWhere(eq(oidcPayloads.uid, uid));
    }

    async consume(id: string): Promise<void> {
      await unlessUnreachable(
        db
          .update(oidcPayloads)
          .set({ consumedAt: Math.floor(Date.now() / 1000) })
          .where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id))),
      );
    }

    async destroy(id: string): Promise<void> {
      await unlessUnreachable(
        db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, this.model), eq(oidcPayloads.id, id))),
      );
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await unlessUnreachable(db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId)));
    }
  };
}
