import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import {
  VEHICLE_SORT_COLUMNS,
  VEHICLE_YEAR_MIN,
  batteryReferenceSchema,
  latestVehicleYear,
  type Vehicle,
  type VehicleBody,
  type VehicleChange,
  type VehicleDetail,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { vehicles } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import {
  ListQuery,
  offsetPaging,
  offsetPagingParameters,
  type QueryParameter,
  type RawQuery,
  offsetPage,
} from '../../lib/list-request.ts';
import { searchCondition } from '../../lib/list-search.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import {
  auditRecord,
  insertRecords,
  changesOf,
  ensureBatteryRecorded,
  findBattery,
  findVehicle,
  racing,
  selectVehicles,
  stamp,
  toVehicle,
} from './repository.ts';

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

export async function listVehicles(db: Db, raw: RawQuery) {
  const query = new ListQuery(raw, VEHICLE_QUERY);
  const paging = offsetPaging(query, VEHICLE_SORT_COLUMNS);
  const where = and(...vehicleConditions(query));
  query.check();
  const column = SORT[paging.sortColumnName as keyof typeof SORT];
  const order = paging.sortOrder === 'DESC' ? desc : asc;
  const { rows, total } = await offsetPage(
    selectVehicles(db).where(where).orderBy(order(column), order(vehicles.vin)),
    db.select({ n: count() }).from(vehicles).where(where),
    paging,
  );
  return { vehicles: rows.map(toVehicle), totalCount: total };
}

/** The makes recorded, for the make filter. */
export async function vehicleMakes(db: Db): Promise<{ makes: string[] }> {
  const rows = await db.selectDistinct({ make: vehicles.make }).from(vehicles).orderBy(vehicles.make);
  return { makes: rows.map((row) => row.make) };
}

const noVehicle = (vin: string) => notFound(`No vehicle of VIN ${vin} is recorded`);

export async function getVehicle(db: Db, vin: string): Promise<VehicleDetail> {
  const vehicle = await findVehicle(db, vin);
  if (!vehicle) throw noVehicle(vin);
  const battery = vehicle.batteryReference ? await findBattery(db, vehicle.batteryReference) : null;
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

/** Inserts a vehicle with its audit entry, inside the caller's transaction. */
export async function insertVehicle(
  tx: Db,
  user: SignedInUser,
  vin: string,
  values: VehicleValues,
  details: Record<string, unknown> = {},
) {
  await insertRecords(tx, user, 'vehicle', [{ key: vin, values }], details);
}

/** Changes a vehicle with its audit entry (the fields changed, before and after), inside the caller's transaction. */
export async function changeVehicle(
  tx: Db,
  user: SignedInUser,
  current: Vehicle,
  values: VehicleValues,
  details: Record<string, unknown> = {},
) {
  await tx
    .update(vehicles)
    .set({ ...values, ...stamp(user) })
    .where(eq(vehicles.vin, current.vin));
  await auditRecord(tx, user, 'vehicle', current.vin, 'update', {
    ...details,
    changes: changesOf(current, values),
  });
}

const vinTaken = (vin: string) => `A vehicle of VIN ${vin} is recorded already`;

export async function createVehicle(db: Db, user: SignedInUser, body: VehicleBody): Promise<VehicleDetail> {
  const values = valuesOfChange(body);
  await ensureBatteryRecorded(db, values.batteryReference, 'body.batteryReference');
  if (await findVehicle(db, body.vin)) throw conflict(vinTaken(body.vin));
  await racing(() => db.transaction((tx) => insertVehicle(tx, user, body.vin, values)), {
    taken: vinTaken(body.vin),
    batteryField: 'body.batteryReference',
  });
  return getVehicle(db, body.vin);
}

export async function updateVehicle(
  db: Db,
  user: SignedInUser,
  vin: string,
  change: VehicleChange,
): Promise<VehicleDetail> {
  const current = await findVehicle(db, vin);
  if (!current) throw noVehicle(vin);
  const values = valuesOfChange(change);
  await ensureBatteryRecorded(db, values.batteryReference, 'body.batteryReference');
  await racing(() => db.transaction((tx) => changeVehicle(tx, user, current, values)), {
    batteryField: 'body.batteryReference',
  });
  return getVehicle(db, vin);
}

export async function deleteVehicle(db: Db, user: SignedInUser, vin: string): Promise<void> {
  const current = await findVehicle(db, vin);
  if (!current) throw noVehicle(vin);
  await db.transaction(async (tx) => {
    await tx.delete(vehicles).where(eq(vehicles.vin, vin));
    await auditRecord(tx, user, 'vehicle', vin, 'delete', { from: current });
  });
}

/** Which of these VINs are recorded, with their records. */
export async function vehiclesByVin(db: Db, vins: readonly string[]): Promise<Map<string, Vehicle>> {
  if (vins.length === 0) return new Map();
  const rows = await selectVehicles(db).where(inArray(vehicles.vin, [...new Set(vins)]));
  return new Map(rows.map((row) => [row.vin, toVehicle(row)]));
}
