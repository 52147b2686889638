import { and, asc, count, eq } from 'drizzle-orm';
import { ADDRESS_BOOK_MAX, type AddressBody, type AddressBookEntry } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { addresses } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';

const toEntry = (row: typeof addresses.$inferSelect): AddressBookEntry => ({
  id: row.id,
  label: row.label,
  address: row.address,
  defaultPickup: row.defaultPickup,
  defaultBilling: row.defaultBilling,
  updatedAt: row.updatedAt.toISOString(),
});

/** The address book is a company's: a user without one has none (staff order for no company of their own). */
function ownCompany(user: SignedInUser): string {
  if (!user.companyId) throw conflict('Your account belongs to no company: an address book is a company’s');
  return user.companyId;
}

export async function listAddresses(db: Db, user: SignedInUser) {
  if (!user.companyId) return { addresses: [] };
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.companyId, user.companyId))
    .orderBy(asc(addresses.label), asc(addresses.id));
  return { addresses: rows.map(toEntry) };
}

/** Making one address the default pick-up (or billing) address takes the flag from the one before. */
async function clearDefaults(tx: Db, companyId: string, body: AddressBody) {
  if (body.defaultPickup)
    await tx.update(addresses).set({ defaultPickup: false }).where(eq(addresses.companyId, companyId));
  if (body.defaultBilling)
    await tx.update(addresses).set({ defaultBilling: false }).where(eq(addresses.companyId, companyId));
}

export async function createAddress(
  db: Db,
  user: SignedInUser,
  body: AddressBody,
): Promise<AddressBookEntry> {
  const companyId = ownCompany(user);
  return db.transaction(async (tx) => {
    const [total] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.companyId, companyId));
    if ((total?.n ?? 0) >= ADDRESS_BOOK_MAX)
      throw conflict(`An address book holds at most ${ADDRESS_BOOK_MAX} addresses: remove one first`);
    await clearDefaults(tx, companyId, body);
    const [row] = await tx
      .insert(addresses)
      .values({
        companyId,
        label: body.label,
        address: body.address,
        defaultPickup: body.defaultPickup ?? false,
        defaultBilling: body.defaultBilling ?? false,
      })
      .returning();
    await recordAudit(tx, user, {
      action: 'address.create',
      subjectType: 'address',
      subjectId: String(row!.id),
      details: { label: body.label, after: body.address },
    });
    return toEntry(row!);
  });
}

export async function updateAddress(
  db: Db,
  user: SignedInUser,
  id: number,
  body: AddressBody,
): Promise<AddressBookEntry> {
  const companyId = ownCompany(user);
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.companyId, companyId)))
      .for('update');
    if (!before) throw notFound(`No address ${id}`);
    await clearDefaults(tx, companyId, body);
    const [row] = await tx
      .update(addresses)
      .set({
        label: body.label,
        address: body.address,
        defaultPickup: body.defaultPickup ?? false,
        defaultBilling: body.defaultBilling ?? false,
        updatedAt: new Date(),
      })
      .where(eq(addresses.id, id))
      .returning();
    await recordAudit(tx, user, {
      action: 'address.update',
      subjectType: 'address',
      subjectId: String(id),
      details: { label: body.label, before: before.address, after: body.address },
    });
    return toEntry(row!);
  });
}

/** Orders keep copies of their addresses: deleting one changes no order. */
export async function deleteAddress(db: Db, user: SignedInUser, id: number): Promise<void> {
  const companyId = ownCompany(user);
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.companyId, companyId)))
      .returning();
    if (!removed) throw notFound(`No address ${id}`);
    await recordAudit(tx, user, {
      action: 'address.delete',
      subjectType: 'address',
      subjectId: String(id),
      details: { label: removed.label, before: removed.address },
    });
  });
}
