import { asc, eq, sql } from 'drizzle-orm';
import type { GroupSummary } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { deviceGroups } from '../../db/schema.ts';
import { UNIQUE_VIOLATION, databaseErrorOf } from '../../lib/database-errors.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';

// Spelled out: inside a select list drizzle leaves the outer table's columns unqualified.
const countOf = (table: string) =>
  sql<number>`(select count(*)::int from ${sql.raw(`"${table}"`)} where ${sql.raw(`"${table}"."group_id"`)} = "device_groups"."id")`;

const groupColumns = {
  id: deviceGroups.id,
  name: deviceGroups.name,
  deviceCount: countOf('series'),
  storeCount: countOf('stores'),
  userCount: countOf('user_groups'),
};

/** The device groups with what belongs to them, by name. */
export async function listGroups(db: Db): Promise<{ groups: GroupSummary[] }> {
  return { groups: await db.select(groupColumns).from(deviceGroups).orderBy(asc(deviceGroups.name)) };
}

async function getGroup(db: Db, id: number): Promise<GroupSummary> {
  const [group] = await db.select(groupColumns).from(deviceGroups).where(eq(deviceGroups.id, id));
  if (!group) throw notFound(`No device group ${id}`);
  return group;
}

/** Group names are unique: two requests racing for one name get the same 409. */
async function keepingNameUnique<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (databaseErrorOf(error)?.code === UNIQUE_VIOLATION)
      throw conflict(`A device group named ${name} exists already`);
    throw error;
  }
}

const audit = (
  db: Db,
  user: SignedInUser,
  id: number,
  action: 'device-group.create' | 'device-group.update' | 'device-group.delete',
  details: Record<string, unknown>,
) => recordAudit(db, user, { action, subjectType: 'device-group', subjectId: String(id), details });

export async function createGroup(db: Db, user: SignedInUser, name: string): Promise<GroupSummary> {
  const id = await keepingNameUnique(name, () =>
    db.transaction(async (tx) => {
      const [created] = await tx.insert(deviceGroups).values({ name }).returning({ id: deviceGroups.id });
      await audit(tx, user, created!.id, 'device-group.create', { name });
      return created!.id;
    }),
  );
  return getGroup(db, id);
}

export async function renameGroup(
  db: Db,
  user: SignedInUser,
  id: number,
  name: string,
): Promise<GroupSummary> {
  const current = await getGroup(db, id);
  if (current.name === name) return current;
  await keepingNameUnique(name, () =>
    db.transaction(async (tx) => {
      await tx.update(deviceGroups).set({ name }).where(eq(deviceGroups.id, id));
      await audit(tx, user, id, 'device-group.update', {
        changes: { name: { from: current.name, to: name } },
      });
    }),
  );
  return getGroup(db, id);
}

/** Deletes a group to which nothing belongs any more: 409 naming what still does. */
export async function deleteGroup(db: Db, user: SignedInUser, id: number): Promise<void> {
  const group = await getGroup(db, id);
  const left = [
    group.deviceCount && `${group.deviceCount} devices`,
    group.storeCount && `${group.storeCount} stores`,
    group.userCount && `${group.userCount} users`,
  ].filter(Boolean);
  if (left.length) throw conflict(`Group ${group.name} still has ${left.join(', ')}: move them first`);
  await db.transaction(async (tx) => {
    await tx.delete(deviceGroups).where(eq(deviceGroups.id, id));
    await audit(tx, user, id, 'device-group.delete', { name: group.name });
  });
}
