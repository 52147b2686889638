import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import {
  ADD_COMPONENT_ROLES,
  COMPONENT_ACTION_ROLES,
  certificateStatus,
  hasAnyRole,
  sanitizeSortColumn,
  sanitizeSortOrder,
  UPDATE_SORT_COLUMNS,
  type Component,
  type UpdateEntry,
} from '@fleet/contract';
import type { z } from 'zod';
import type { componentBodySchema } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import {
  certificates,
  components,
  connections,
  deviceConfigurations,
  locations,
  series,
  updateHistory,
} from '../../db/schema.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { offsetPage } from '../../lib/list-request.ts';
import { companyScope } from '../../lib/scope.ts';
import { auditSeries, deviceInScope } from '../series/actions.ts';

/** Ids and serial numbers of the devices among these that the user may see. */
async function visibleDevices(db: Db, user: SignedInUser, serialNumbers: string[]) {
  if (serialNumbers.length === 0) return [];
  return db
    .select({ id: series.id, serialNumber: series.serialNumber })
    .from(series)
    .where(and(companyScope(user, series.companyId), inArray(series.serialNumber, serialNumbers)));
}

export async function connectionHistory(
  db: Db,
  user: SignedInUser,
  serialNumbers: string[],
  pageSize: number,
  pageNumber: number,
) {
  const devices = await visibleDevices(db, user, serialNumbers);
  if (devices.length === 0) return { data: [], totalCount: 0 };
  const where = inArray(
    connections.seriesId,
    devices.map((d) => d.id),
  );
  const { rows, total } = await offsetPage(
    db
      .select({
        connectionDate: connections.connectionDate,
        username: connections.username,
        serialNumber: series.serialNumber,
      })
      .from(connections)
      .innerJoin(series, eq(series.id, connections.seriesId))
      .where(where)
      .orderBy(desc(connections.connectionDate), desc(connections.id)),
    db.select({ n: count() }).from(connections).where(where),
    { pageNumber, pageSize },
  );
  return {
    data: rows.map((r) => ({ ...r, connectionDate: r.connectionDate.toISOString() })),
    totalCount: total,
  };
}

export async function updateHistoryOf(
  db: Db,
  user: SignedInUser,
  request: {
    serialNumbers: string[];
    pageSize: number;
    pageNumber: number;
    sortColumnName?: string | undefined;
    sortOrder?: string | undefined;
  },
) {
  const devices = await visibleDevices(db, user, request.serialNumbers);
  if (devices.length === 0) return { updateHistory: [], totalCount: 0 };
  const where = inArray(
    updateHistory.seriesId,
    devices.map((d) => d.id),
  );
  const column = {
    UpdateDate: updateHistory.updateDate,
    Subject: updateHistory.subject,
    ToVersion: updateHistory.toVersion,
  }[sanitizeSortColumn(request.sortColumnName, UPDATE_SORT_COLUMNS) as (typeof UPDATE_SORT_COLUMNS)[number]];
  const order = sanitizeSortOrder(request.sortOrder ?? 'DESC') === 'DESC' ? desc : asc;
  const { rows, total } = await offsetPage(
    db
      .select({ row: updateHistory, serialNumber: series.serialNumber })
      .from(updateHistory)
      .innerJoin(series, eq(series.id, updateHistory.seriesId))
      .where(where)
      .orderBy(order(column), order(updateHistory.id)),
    db.select({ n: count() }).from(updateHistory).where(where),
    request,
  );
  return {
    updateHistory: rows.map(({ row, serialNumber }) => toUpdateEntry(row, serialNumber)),
    totalCount: total,
  };
}

function toUpdateEntry(row: typeof updateHistory.$inferSelect, serialNumber: string): UpdateEntry {
  return {
    serialNumber,
    subject: row.subject,
    updateDate: row.updateDate.toISOString(),
    fromVersion: row.fromVersion,
    toVersion: row.toVersion,
    details: row.details,
    username: row.username,
    state: row.state as UpdateEntry['state'],
    percent: row.percent,
    rolloutId: row.rolloutId,
  };
}

/** The newest update of each device asked for (null for a device without any), in the order asked. */
export async function lastUpdatesOf(db: Db, user: SignedInUser, serialNumbers: string[]) {
  const devices = await visibleDevices(db, user, serialNumbers);
  const rows =
    devices.length === 0
      ? []
      : await db
          .selectDistinctOn([updateHistory.seriesId], { row: updateHistory })
          .from(updateHistory)
          .where(
            inArray(
              updateHistory.seriesId,
              devices.map((d) => d.id),
            ),
          )
          .orderBy(updateHistory.seriesId, desc(updateHistory.updateDate), desc(updateHistory.id));
  const bySeries = new Map(rows.map(({ row }) => [row.seriesId, row]));
  return devices
    .sort((a, b) => serialNumbers.indexOf(a.serialNumber) - serialNumbers.indexOf(b.serialNumber))
    .map((device) => {
      const row = bySeries.get(device.id);
      return {
        serialNumber: device.serialNumber,
        lastUpdate: row ? toUpdateEntry(row, device.serialNumber) : null,
      };
    });
}

function toComponent(row: typeof components.$inferSelect): Component {
  return {
    id: row.id,
    name: row.name,
    partNumber: row.partNumber,
    serialNumber: row.serialNumber,
    version: row.version,
    status: row.status as Component['status'],
    addedAt: row.addedAt.toISOString(),
  };
}

export async function componentsOf(db: Db, user: SignedInUser, serialNumber: string): Promise<Component[]> {
  const device = await deviceInScope(db, user, serialNumber);
  return (
    await db
      .select()
      .from(components)
      .where(eq(components.seriesId, device.id))
      .orderBy(asc(components.name), asc(components.id))
  ).map(toComponent);
}

export async function addComponent(
  db: Db,
  user: SignedInUser,
  serialNumber: string,
  body: z.infer<typeof componentBodySchema>,
): Promise<Component> {
  if (!hasAnyRole(ADD_COMPONENT_ROLES, user.roles)) throw forbidden('You may not add components');
  const device = await deviceInScope(db, user, serialNumber);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(components)
      .values({
        seriesId: device.id,
        name: body.name,
        partNumber: body.partNumber ?? null,
        serialNumber: body.serialNumber ?? null,
        version: body.version ?? null,
        status: body.status,
      })
      .returning();
    const component = toComponent(row!);
    await auditSeries(tx, user, device, 'series.component', { added: component });
    return component;
  });
}

async function componentOf(db: Db, user: SignedInUser, serialNumber: string, id: number) {
  if (!hasAnyRole(COMPONENT_ACTION_ROLES, user.roles)) throw forbidden('You may not change components');
  const device = await deviceInScope(db, user, serialNumber);
  const [row] = await db
    .select()
    .from(components)
    .where(and(eq(components.id, id), eq(components.seriesId, device.id)));
  if (!row) throw notFound(`No component ${id} on ${serialNumber}`);
  return { device, component: row };
}

export async function setComponentStatus(
  db: Db,
  user: SignedInUser,
  serialNumber: string,
  id: number,
  status: Component['status'],
): Promise<Component> {
  const { device, component } = await componentOf(db, user, serialNumber, id);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(components).set({ status }).where(eq(components.id, id)).returning();
    await auditSeries(tx, user, device, 'series.component', {
      component: { id, name: component.name },
      status: { from: component.status, to: status },
    });
    return toComponent(row!);
  });
}

export async function removeComponent(
  db: Db,
  user: SignedInUser,
  serialNumber: string,
  id: number,
): Promise<void> {
  const { device, component } = await componentOf(db, user, serialNumber, id);
  await db.transaction(async (tx) => {
    await tx.delete(components).where(eq(components.id, id));
    await auditSeries(tx, user, device, 'series.component', { removed: toComponent(component) });
  });
}

export async function locationsOf(db: Db, user: SignedInUser, serialNumber: string) {
  const device = await deviceInScope(db, user, serialNumber);
  const rows = await db
    .select()
    .from(locations)
    .where(eq(locations.seriesId, device.id))
    .orderBy(desc(locations.reportedAt))
    .limit(500);
  return rows.map((r) => ({
    reportedAt: r.reportedAt.toISOString(),
    latitude: r.latitude,
    longitude: r.longitude,
    accuracyMeters: r.accuracyMeters,
  }));
}

export async function configurationOf(db: Db, user: SignedInUser, serialNumber: string) {
  const device = await deviceInScope(db, user, serialNumber);
  const [row] = await db
    .select()
    .from(deviceConfigurations)
    .where(eq(deviceConfigurations.seriesId, device.id));
  return row ? { reportedAt: row.reportedAt.toISOString(), content: row.content } : null;
}

export async function certificatesOf(db: Db, user: SignedInUser, serialNumber: string, now = new Date()) {
  const device = await deviceInScope(db, user, serialNumber);
  const rows = await db
    .select()
    .from(certificates)
    .where(eq(certificates.seriesId, device.id))
    .orderBy(desc(certificates.calibrationDate));
  return rows.map((c) => ({
    number: c.number,
    calibrationDate: c.calibrationDate.toISOString(),
    endOfValidityDate: c.endOfValidityDate.toISOString(),
    checkPassed: c.checkPassed,
    status: certificateStatus(c, now)!,
  }));
}
