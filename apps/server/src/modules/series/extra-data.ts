import { asc, inArray } from 'drizzle-orm';
import type { SeriesExtraData } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { accessories, components, seriesUsers } from '../../db/schema.ts';
import { groupedBy } from '../../lib/grouped.ts';

type Entry = { seriesId: number | null; text: string };

/** Each extra data of a batch of devices, one query by the devices' index: an entry per user, part or accessory. */
const READERS: Record<SeriesExtraData, (db: Db, ids: number[]) => Promise<Entry[]>> = {
  serieUsers: (db, ids) =>
    db
      .select({ seriesId: seriesUsers.seriesId, text: seriesUsers.username })
      .from(seriesUsers)
      .where(inArray(seriesUsers.seriesId, ids))
      .orderBy(asc(seriesUsers.username)),
  components: async (db, ids) =>
    (
      await db
        .select({ seriesId: components.seriesId, name: components.name, status: components.status })
        .from(components)
        .where(inArray(components.seriesId, ids))
        .orderBy(asc(components.name), asc(components.id))
    ).map((row) => ({ seriesId: row.seriesId, text: `${row.name} (${row.status})` })),
  accessories: (db, ids) =>
    db
      .select({ seriesId: accessories.seriesId, text: accessories.serialNumber })
      .from(accessories)
      .where(inArray(accessories.seriesId, ids))
      .orderBy(asc(accessories.serialNumber)),
};

/**
 * The extra data an export adds to a batch of devices (docs/series.md "Selections"): for each extra asked,
 * the text of each device's cell, its entries joined by "; ".
 */
export async function extraDataOf(
  db: Db,
  ids: number[],
  extras: readonly SeriesExtraData[],
): Promise<((id: number) => string)[]> {
  return Promise.all(
    extras.map(async (extra) => {
      const byDevice = groupedBy(
        await READERS[extra](db, ids),
        (entry) => entry.seriesId,
        (entry) => entry.text,
      );
      return (id: number) => (byDevice.get(id) ?? []).join('; ');
    }),
  );
}
