import { and, asc, count, desc, eq } from 'drizzle-orm';
import {
  DELETE_SCREENSHOT_ROLES,
  SCREENSHOT_SORT_COLUMNS,
  hasAnyRole,
  sanitizeSortColumn,
  sanitizeSortOrder,
  type Screenshot,
} from '@fleet/contract';
import { auditSeries } from '../series/actions.ts';
import type { Db } from '../../db/client.ts';
import { screenshots, series } from '../../db/schema.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { companyScope } from '../../lib/scope.ts';
import { deviceInScope } from '../series/actions.ts';
import { offsetPage } from '../../lib/list-request.ts';

/** `2026-11-22 10-15-30`: the way devices write the date into their screenshots' names. */
export function deviceDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ').replace(/:/g, '-');
}

export async function listScreenshots(
  db: Db,
  media: MediaStorage,
  user: SignedInUser,
  serialNumber: string,
  paging: {
    pageSize: number;
    pageNumber: number;
    sortColumnName?: string | undefined;
    sortOrder?: string | undefined;
  },
) {
  const device = await deviceInScope(db, user, serialNumber);
  const column =
    sanitizeSortColumn(paging.sortColumnName, SCREENSHOT_SORT_COLUMNS) === 'Name'
      ? screenshots.name
      : screenshots.takenAt;
  const order = sanitizeSortOrder(paging.sortOrder ?? 'DESC') === 'DESC' ? desc : asc;
  const where = eq(screenshots.seriesId, device.id);
  const { rows, total } = await offsetPage(
    db.select().from(screenshots).where(where).orderBy(order(column), order(screenshots.id)),
    db.select({ n: count() }).from(screenshots).where(where),
    paging,
  );
  const data: Screenshot[] = rows.map((row) => ({
    name: row.name,
    mediaLink: media.link(row.mediaKey),
    date: deviceDate(row.takenAt),
    toolVersion: row.toolVersion,
  }));
  return { data, totalCount: total };
}

export async function deleteScreenshot(
  db: Db,
  media: MediaStorage,
  user: SignedInUser,
  name: string,
): Promise<void> {
  if (!hasAnyRole(DELETE_SCREENSHOT_ROLES, user.roles)) throw forbidden('You may not delete screenshots');
  const [row] = await db
    .select({
      id: screenshots.id,
      mediaKey: screenshots.mediaKey,
      seriesId: series.id,
      serialNumber: series.serialNumber,
    })
    .from(screenshots)
    .innerJoin(series, eq(series.id, screenshots.seriesId))
    .where(and(eq(screenshots.name, name), companyScope(user, series.companyId)));
  if (!row) throw notFound(`No screenshot ${name}`);
  await db.transaction(async (tx) => {
    await tx.delete(screenshots).where(eq(screenshots.id, row.id));
    await auditSeries(
      tx,
      user,
      { id: row.seriesId, serialNumber: row.serialNumber },
      'series.screenshot-delete',
      {
        name,
      },
    );
  });
  await media.delete(row.mediaKey);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function isPng(bytes: Buffer): boolean {
  return bytes.length > PNG_SIGNATURE.length && bytes.subarray(0, 8).equals(PNG_SIGNATURE);
}

/**
 * Stores a screenshot a device uploaded, named after the device and the second it was taken; two in
 * the same second get `_2`, `_3`… so that neither replaces the other. The name is taken first, then
 * the image stored: an image that cannot be stored gives its name back.
 */
export async function storeScreenshot(
  db: Db,
  media: MediaStorage,
  device: { id: number; serialNumber: string },
  bytes: Buffer,
  toolVersion: string | null,
  takenAt = new Date(),
) {
  const base = `${device.serialNumber}_${deviceDate(takenAt).replace(' ', '_')}`;
  for (let attempt = 1; attempt <= 100; attempt++) {
    const name = attempt === 1 ? `${base}.png` : `${base}_${attempt}.png`;
    const mediaKey = `screenshots/${device.serialNumber}/${name}`;
    const [taken] = await db
      .insert(screenshots)
      .values({ seriesId: device.id, name, takenAt, toolVersion, mediaKey, bytes: bytes.length })
      .onConflictDoNothing({ target: screenshots.name })
      .returning({ id: screenshots.id });
    if (!taken) continue;
    try {
      await media.put(mediaKey, bytes);
    } catch (error) {
      await db.delete(screenshots).where(eq(screenshots.id, taken.id));
      throw error;
    }
    return name;
  }
  throw conflict(`Too many screenshots of ${device.serialNumber} in one second`);
}
