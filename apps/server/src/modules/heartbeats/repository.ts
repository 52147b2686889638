import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { heartbeats, series } from '../../db/schema.ts';

export interface StoredHeartbeat {
  id: number;
  serialNumber: string;
  /** null: registered but never connected; undefined: no record. */
  lastHeartbeat: Date | null | undefined;
}

/** Last heartbeats of the devices among these that the scope lets the user see, in one query. */
export async function findLastHeartbeats(
  db: Db,
  scope: SQL | undefined,
  serialNumbers: string[],
): Promise<StoredHeartbeat[]> {
  if (serialNumbers.length === 0) return [];
  const rows = await db
    .select({
      id: series.id,
      serialNumber: series.serialNumber,
      lastHeartbeat: heartbeats.lastHeartbeat,
      recorded: sql<boolean>`${heartbeats.seriesId} is not null`,
    })
    .from(series)
    .leftJoin(heartbeats, eq(heartbeats.seriesId, series.id))
    .where(and(scope, inArray(series.serialNumber, serialNumbers)));
  return rows.map((row) => ({
    id: row.id,
    serialNumber: row.serialNumber,
    lastHeartbeat: row.recorded ? row.lastHeartbeat : undefined,
  }));
}
