import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  VEHICLE_SORT_COLUMNS,
  VEHICLE_YEAR_MIN,
  batteryReferenceSchema,
  latestVehicleYear,
  type VehicleBody,
  type VehicleChange,
  type VehicleDetail,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { vehicles } from '../../db/schema.ts';
import type { ListQuery } from '../../lib/list-request.ts';
import { offsetPagingParameters, type QueryParameter, type RawQuery } from '../../lib/list-request.ts';
import { searchCondition } from '../../lib/list-search.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { ensureBatteryRecorded, racing } from './repository.ts';
import { BATTERY, VEHICLE, findRecord, getRecord, listRecords, type RecordList } from './records.ts';
import { changeRecord, createRecord, removeRecord } from './record-writes.ts';

/** The vehicles list's parameters, described once for validation, documentation and reading. */
export const VEHICLE_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(VEHICLE_SORT_COLUMNS),
  { name: 'Search', description: 'Text in the VIN, make, model or engine.' },
  { name: 'Make', description: 'The make, as GET /api/Vehicles/Makes gives it.', repeatable: true },
  {
    name: 'Year',
    description: `The model year (${VEHICLE_YEAR_MIN} to next year).`,
    repeatable: true,
    integer: true,
  },
  { name: 'Battery', description: 'The reference of the battery the vehicles take.' },
];

/** The conditions of the vehicles list's filters; problems are collected in the query. */
export function vehicleConditions(query: ListQuery): SQL[] {
  const where: SQL[] = [];
  const search = searchCondition(query, [vehicles.vin, vehicles.make, vehicles.model, vehicles.engine]);
  if (search) where.push(search);
  const makes = query.all('Make').map((make) => make.toUpperCase());
  if (makes.length) where.push(inArray(vehicles.make, makes));
  const years = query.all('Year').map(Number);
  if (years.some((year) => !Number.isInteger(year) || year < VEHICLE_YEAR_MIN || year > latestVehicleYear()))
    query.problem('Year', `must be years from ${VEHICLE_YEAR_MIN} to next year`);
  else if (years.length) where.push(inArray(vehicles.year, years));
  const battery = query.one('Battery');
  if (battery !== undefined) {
    const reference = batteryReferenceSchema.safeParse(battery);
    if (reference.success) where.push(eq(vehicles.batteryReference, reference.data));
    else query.problem('Battery', reference.error.issues[0]!.message);
  }
  return where;
}

const SORT = {
  Vin: vehicles.vin,
  Make: vehicles.make,
  Model: vehicles.model,
  Year: vehicles.year,
  UpdatedAt: vehicles.updatedAt,
} as const;

/** The vehicles list, as its export reads it too. */
export const VEHICLE_LIST: RecordList = {
  query: VEHICLE_QUERY,
  sortColumns: VEHICLE_SORT_COLUMNS,
  conditions: vehicleConditions,
  order: (paging) => {
    const order = paging.sortOrder === 'DESC' ? desc : asc;
    return [order(SORT[paging.sortColumnName as keyof typeof SORT]), order(vehicles.vin)];
  },
};

export async function listVehicles(db: Db, raw: RawQuery) {
  const { records, total } = await listRecords(db, VEHICLE, VEHICLE_LIST, raw);
  return { vehicles: records, totalCount: total };
}

/** The makes recorded, for the make filter. */
export async function vehicleMakes(db: Db): Promise<{ makes: string[] }> {
  const rows = await db.selectDistinct({ make: vehicles.make }).from(vehicles).orderBy(vehicles.make);
  return { makes: rows.map((row) => row.make) };
}

export async function getVehicle(db: Db, vin: string): Promise<VehicleDetail> {
  const vehicle = await getRecord(db, VEHICLE, vin);
  const battery = vehicle.batteryReference ? await findRecord(db, BATTERY, vehicle.batteryReference) : null;
  return { ...vehicle, battery };
}

/** A vehicle's columns as a create, an update or an import writes them. */
export type VehicleValues = {
  make: string;
  model: string;
  year: number;
  engine: string | null;
  batteryReference: string | null;
  notes: string | null;
};

export const valuesOfChange = (change: VehicleChange): VehicleValues => ({
  make: change.make,
  model: change.model,
  year: change.year,
  engine: change.engine ?? null,
  batteryReference: change.batteryReference ?? null,
  notes: change.notes ?? null,
});

export async function createVehicle(db: Db, user: SignedInUser, body: VehicleBody): Promise<VehicleDetail> {
  const values = valuesOfChange(body);
  await ensureBatteryRecorded(db, values.batteryReference, 'body.batteryReference');
  await createRecord(db, user, VEHICLE, { key: body.vin, values }, { batteryField: 'body.batteryReference' });
  return getVehicle(db, body.vin);
}

export async function updateVehicle(
  db: Db,
  user: SignedInUser,
  vin: string,
  change: VehicleChange,
): Promise<VehicleDetail> {
  const current = await getRecord(db, VEHICLE, vin);
  const values = valuesOfChange(change);
  await ensureBatteryRecorded(db, values.batteryReference, 'body.batteryReference');
  await racing(() => db.transaction((tx) => changeRecord(tx, user, VEHICLE, current, values)), {
    batteryField: 'body.batteryReference',
  });
  return getVehicle(db, vin);
}

export async function deleteVehicle(db: Db, user: SignedInUser, vin: string): Promise<void> {
  const current = await getRecord(db, VEHICLE, vin);
  await db.transaction((tx) => removeRecord(tx, user, VEHICLE, current));
}
