import { asc, count, eq } from 'drizzle-orm';
import { DEVICE_TYPE_MAX_LENGTH, type DeviceType } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { deviceTypes, series, versions } from '../../db/schema.ts';
import { recordAudit } from '../audit/service.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';

/** Every device type: those of the fleet's devices and those declared ahead of them, by name. */
export async function listDeviceTypes(db: Db) {
  const [fleet, declared] = await Promise.all([
    db
      .select({ type: series.deviceType, devices: count() })
      .from(series)
      .groupBy(series.deviceType)
      .orderBy(asc(series.deviceType)),
    db.select({ type: deviceTypes.type }).from(deviceTypes),
  ]);
  const byType = new Map<string, DeviceType>(
    fleet.map((row) => [row.type, { type: row.type, devices: row.devices, declared: false }]),
  );
  for (const { type } of declared)
    byType.set(type, { type, devices: byType.get(type)?.devices ?? 0, declared: true });
  const list = [...byType.values()].sort((a, b) => a.type.localeCompare(b.type));
  return { deviceTypes: list, totalCount: list.length, typeMaxLength: DEVICE_TYPE_MAX_LENGTH };
}

export async function getDeviceType(db: Db, type: string): Promise<DeviceType> {
  const found = (await listDeviceTypes(db)).deviceTypes.find((one) => one.type === type);
  if (!found) throw notFound(`No device type ${type}`);
  return found;
}

async function auditDeviceType(
  db: Db,
  user: SignedInUser,
  type: string,
  action: 'device-type.declare' | 'device-type.delete',
) {
  await recordAudit(db, user, { action, subjectType: 'device-type', subjectId: type, details: {} });
}

/** Declares a type before its devices exist; one that exists already is a 409. */
export async function declareDeviceType(db: Db, user: SignedInUser, type: string): Promise<DeviceType> {
  const [device] = await db
    .select({ id: series.id })
    .from(series)
    .where(eq(series.deviceType, type))
    .limit(1);
  if (device) throw conflict(`${type} is already a device type: devices have it`);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(deviceTypes)
      .values({ type, declaredBy: user.name })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(`${type} is already a declared device type`);
    await auditDeviceType(tx, user, type, 'device-type.declare');
  });
  return { type, devices: 0, declared: true };
}

/** Removes a declared type; refused while devices or versions have it (a type of the fleet is not declared). */
export async function deleteDeviceType(db: Db, user: SignedInUser, type: string): Promise<void> {
  const [devices] = await db.select({ n: count() }).from(series).where(eq(series.deviceType, type));
  if ((devices?.n ?? 0) > 0) throw conflict(`${type} cannot be deleted: ${devices!.n} devices have it`);
  const [uploaded] = await db.select({ n: count() }).from(versions).where(eq(versions.deviceType, type));
  if ((uploaded?.n ?? 0) > 0)
    throw conflict(`${type} cannot be deleted: it has ${uploaded!.n} versions. Delete them first.`);
  await db.transaction(async (tx) => {
    const removed = await tx.delete(deviceTypes).where(eq(deviceTypes.type, type)).returning();
    if (removed.length === 0) throw notFound(`No declared device type ${type}`);
    await auditDeviceType(tx, user, type, 'device-type.delete');
  });
}
