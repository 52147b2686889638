import { eq } from 'drizzle-orm';
import type { RoleCode } from '@fleet/contract';
import { derivedSeed } from '@fleet/device-kit/demo-fleet';
import { SeededRandom } from '@fleet/device-kit/random';
import type { MediaStorage } from '../lib/media-storage.ts';
import type { SignedInUser } from '../lib/signed-in-user.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { recordHistory } from './audit-history.ts';
import { demoUser } from './demo-user.ts';
import { DELIVERIES, seedDeliveries } from './seed-certificate-deliveries.ts';
import { REGISTRATION_ROLES, seedRegistrations } from './seed-certificate-registrations.ts';

/**
 * The demo's certificate work (docs/company-tools.md "Certificates"): registrations waiting for quality,
 * reviewed ones (approved, rejected with a reason), a laboratory's certificates waiting for their devices
 * and some assigned since, and deliveries whose e-mail was sent, refused or not sent (e-mail off). Written
 * once, in the shapes the certificate services write, with their audit entries, over the past weeks; the
 * same seed picks the same devices and certificates.
 */

const SEED_KEY = 'certificate-work-demo';

async function demoUsers(db: Db, roles: readonly RoleCode[]): Promise<Map<RoleCode, SignedInUser>> {
  const unique = [...new Set(roles)];
  return new Map(await Promise.all(unique.map(async (role) => [role, await demoUser(db, role)] as const)));
}

/** Writes the demo's certificate work once; answers how many certificates and deliveries it wrote. */
export async function seedDemoCertificateWork(
  db: Db,
  media: MediaStorage,
  seed: number,
  now: Date = new Date(),
): Promise<{ certificates: number; deliveries: number }> {
  const [done] = await db.select().from(t.meta).where(eq(t.meta.key, SEED_KEY));
  if (done) return { certificates: 0, deliveries: 0 };
  const random = new SeededRandom(derivedSeed(seed, SEED_KEY, 0));
  return db.transaction(async (tx) => {
    const users = await demoUsers(tx, [...REGISTRATION_ROLES, ...DELIVERIES.map((plan) => plan.by)]);
    const registered = await seedRegistrations(tx, media, random, now, users);
    const delivered = await seedDeliveries(tx, media, {
      random,
      now,
      users,
      seeded: new Set(registered.ids),
    });
    await recordHistory(tx, [...registered.audit, ...delivered]);
    const written = { certificates: registered.ids.length, deliveries: delivered.length };
    await tx.insert(t.meta).values({ key: SEED_KEY, value: { ...written, at: now.toISOString() } });
    return written;
  });
}
