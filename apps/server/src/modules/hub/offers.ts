import { eq } from 'drizzle-orm';
import { VERSION_KINDS, newestInstallable, type UpdateOffer } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { series } from '../../db/schema.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { offerOf, offersFor } from '../updates/device-updates.ts';
import { findVersion, offerableVersions } from '../updates/versions.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

const CURRENT = { software: 'currentVersion', database: 'currentDbVersion' } as const;

/**
 * The updates a technician may install on a device plugged in (docs/hub.md): per kind, what the
 * device protocol offers it (a rollout's wave, early access), else the newest installable version.
 */
export async function hubOffersFor(db: Db, media: MediaStorage, seriesId: number): Promise<UpdateOffer[]> {
  const offers = await offersFor(db, media, seriesId);
  const [device] = await db.select().from(series).where(eq(series.id, seriesId));
  if (!device) return [];
  for (const kind of VERSION_KINDS) {
    if (offers.some((offer) => offer.kind === kind)) continue;
    const versions = await offerableVersions(db, device.deviceType, kind);
    const newest = newestInstallable(versions, device[CURRENT[kind]], device.earlyAccess);
    if (newest) offers.push(offerOf(media, newest, null));
  }
  return offers;
}

/** A specific version for the device's type, withdrawn ones refused (updateDeviceToSpecificVersion). */
export async function specificOffer(
  db: Db,
  media: MediaStorage,
  deviceType: string,
  number: string,
): Promise<UpdateOffer> {
  const version = await findVersion(db, deviceType, number).catch(() => {
    throw notFound(`No version ${number} for the device type ${deviceType}`);
  });
  if (version.availability === 'withdrawn')
    throw badRequest(`version: ${number} is withdrawn and may not be installed`, [
      { field: 'version', message: 'is withdrawn', rule: { kind: 'unavailable' } },
    ]);
  return offerOf(media, version, null);
}
