import { asc, desc, inArray, sql, type SQL } from 'drizzle-orm';
import {
  BATTERY_CHEMISTRIES,
  BATTERY_SORT_COLUMNS,
  type Battery,
  type BatteryBody,
  type BatteryChange,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { batteries } from '../../db/schema.ts';
import type { ListQuery } from '../../lib/list-request.ts';
import { offsetPagingParameters, type QueryParameter, type RawQuery } from '../../lib/list-request.ts';
import { searchCondition } from '../../lib/list-search.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { batteryInUse, racing } from './repository.ts';
import { BATTERY, getRecord, listRecords, type RecordList } from './records.ts';
import { changeRecord, createRecord, removeRecord } from './record-writes.ts';

/** The batteries list's parameters, described once for validation, documentation and reading. */
export const BATTERY_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(BATTERY_SORT_COLUMNS),
  { name: 'Search', description: 'Text in the reference, maker or model.' },
  {
    name: 'Chemistry',
    description: 'The chemistry of the battery.',
    repeatable: true,
    values: BATTERY_CHEMISTRIES,
  },
];

/** The conditions of the batteries list's filters; problems are collected in the query. */
export function batteryConditions(query: ListQuery): SQL[] {
  const where: SQL[] = [];
  const search = searchCondition(query, [batteries.reference, batteries.maker, batteries.model]);
  if (search) where.push(search);
  const chemistries = query.choices('Chemistry', BATTERY_CHEMISTRIES);
  if (chemistries.length) where.push(inArray(batteries.chemistry, chemistries));
  return where;
}

const SORT = {
  Reference: batteries.reference,
  Maker: batteries.maker,
  CapacityAh: batteries.capacityAh,
  Voltage: batteries.voltage,
  UpdatedAt: batteries.updatedAt,
} as const;

/** The batteries list, as its export reads it too. */
export const BATTERY_LIST: RecordList = {
  query: BATTERY_QUERY,
  sortColumns: BATTERY_SORT_COLUMNS,
  conditions: batteryConditions,
  order: (paging) => {
    const column = SORT[paging.sortColumnName as keyof typeof SORT];
    // A battery without a capacity comes last either way.
    return paging.sortOrder === 'DESC'
      ? [sql`${column} desc nulls last`, desc(batteries.reference)]
      : [sql`${column} asc nulls last`, asc(batteries.reference)];
  },
};

export async function listBatteries(db: Db, raw: RawQuery) {
  const { records, total } = await listRecords(db, BATTERY, BATTERY_LIST, raw);
  return { batteries: records, totalCount: total };
}

export const getBattery = (db: Db, reference: string): Promise<Battery> => getRecord(db, BATTERY, reference);

/** A battery's columns as a create, an update or an import writes them. */
export type BatteryValues = {
  maker: string;
  model: string | null;
  chemistry: string;
  capacityAh: number | null;
  coldCrankingAmps: number | null;
  voltage: number;
  notes: string | null;
};

export const batteryValuesOfChange = (change: BatteryChange): BatteryValues => ({
  maker: change.maker,
  model: change.model ?? null,
  chemistry: change.chemistry,
  capacityAh: change.capacityAh ?? null,
  coldCrankingAmps: change.coldCrankingAmps ?? null,
  voltage: change.voltage,
  notes: change.notes ?? null,
});

export async function createBattery(db: Db, user: SignedInUser, body: BatteryBody): Promise<Battery> {
  await createRecord(db, user, BATTERY, { key: body.reference, values: batteryValuesOfChange(body) });
  return getBattery(db, body.reference);
}

export async function updateBattery(
  db: Db,
  user: SignedInUser,
  reference: string,
  change: BatteryChange,
): Promise<Battery> {
  const current = await getBattery(db, reference);
  await db.transaction((tx) => changeRecord(tx, user, BATTERY, current, batteryValuesOfChange(change)));
  return getBattery(db, reference);
}

/** A battery a vehicle names stays: 409 until no vehicle names it. */
export async function deleteBattery(db: Db, user: SignedInUser, reference: string): Promise<void> {
  const current = await getBattery(db, reference);
  if (current.vehicleCount > 0) throw batteryInUse(reference, current.vehicleCount);
  await racing(() => db.transaction((tx) => removeRecord(tx, user, BATTERY, current)), {
    inUse: `Battery ${reference} is named by a vehicle: change it first`,
  });
}
