import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  configurationDifferences,
  mergeConfiguration,
  type ConfigurationObject,
  type ConfiguredDeviceList,
  type DesiredConfiguration,
  type DeviceConfigurationState,
  type GroupConfiguration,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import {
  deviceConfigurations,
  deviceGroups,
  groupDesiredConfigurations,
  series,
  seriesDesiredConfigurations,
} from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import {
  ListQuery,
  offsetPaging,
  offsetPagingParameters,
  sortOrderOf,
  type QueryParameter,
  type RawQuery,
  offsetPage,
} from '../../lib/list-request.ts';
import { searchCondition } from '../../lib/list-search.ts';
import { companyScope } from '../../lib/scope.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';
import { auditSeries, deviceInScope } from '../series/actions.ts';

type DesiredRow = { content: ConfigurationObject; setAt: Date; setBy: string };

const toDesired = (row: DesiredRow | null | undefined): DesiredConfiguration | null =>
  row ? { content: row.content, setAt: row.setAt.toISOString(), setBy: row.setBy } : null;

const effectiveOf = (
  group: ConfigurationObject | null | undefined,
  own: ConfigurationObject | null | undefined,
) => mergeConfiguration(group ?? {}, own ?? {});

/**
 * What a device is sent with its heartbeat answer: its desired configuration, while it reports a setting
 * otherwise. Null once it reports them all (or nothing is set for it).
 */
export async function pendingConfigurationOf(db: Db, seriesId: number): Promise<ConfigurationObject | null> {
  const [row] = await db
    .select({
      own: seriesDesiredConfigurations.content,
      group: groupDesiredConfigurations.content,
      reported: deviceConfigurations.content,
    })
    .from(series)
    .leftJoin(seriesDesiredConfigurations, eq(seriesDesiredConfigurations.seriesId, series.id))
    .leftJoin(groupDesiredConfigurations, eq(groupDesiredConfigurations.groupId, series.groupId))
    .leftJoin(deviceConfigurations, eq(deviceConfigurations.seriesId, series.id))
    .where(eq(series.id, seriesId));
  if (!row || (!row.own && !row.group)) return null;
  const effective = effectiveOf(row.group, row.own);
  return configurationDifferences(row.reported, effective).length ? effective : null;
}

/** One device's reported, desired (its own and its group's) and effective configuration, and what differs. */
export async function deviceConfigurationState(
  db: Db,
  user: SignedInUser,
  serialNumber: string,
): Promise<DeviceConfigurationState> {
  const device = await deviceInScope(db, user, serialNumber);
  const [[own], [group], [reported]] = await Promise.all([
    db.select().from(seriesDesiredConfigurations).where(eq(seriesDesiredConfigurations.seriesId, device.id)),
    device.groupId === null
      ? Promise.resolve([])
      : db
          .select()
          .from(groupDesiredConfigurations)
          .where(eq(groupDesiredConfigurations.groupId, device.groupId)),
    db.select().from(deviceConfigurations).where(eq(deviceConfigurations.seriesId, device.id)),
  ]);
  const effective = effectiveOf(group?.content, own?.content);
  return {
    serialNumber: device.serialNumber,
    groupName: device.groupName,
    reported: reported ? { reportedAt: reported.reportedAt.toISOString(), content: reported.content } : null,
    desired: toDesired(own),
    groupDesired: toDesired(group),
    effective,
    differences: configurationDifferences(reported?.content ?? null, effective),
  };
}

/** Sets (or, with null, clears) the device's own desired configuration, with its audit entry. */
export async function setDeviceConfiguration(
  db: Db,
  user: SignedInUser,
  serialNumber: string,
  content: ConfigurationObject | null,
): Promise<DeviceConfigurationState> {
  const device = await deviceInScope(db, user, serialNumber);
  await db.transaction(async (tx) => {
    const [previous] = await tx
      .delete(seriesDesiredConfigurations)
      .where(eq(seriesDesiredConfigurations.seriesId, device.id))
      .returning();
    if (content)
      await tx
        .insert(seriesDesiredConfigurations)
        .values({ seriesId: device.id, content, setAt: new Date(), setBy: user.name });
    await auditSeries(tx, user, device, 'series.configuration', {
      changes: { configuration: { from: previous?.content ?? null, to: content } },
    });
  });
  return deviceConfigurationState(db, user, serialNumber);
}

export const CONFIGURED_DEVICE_QUERY: readonly QueryParameter[] = [
  ...offsetPagingParameters(['SetAt']),
  { name: 'SerialNumber', description: 'Text in the device’s serial number.' },
];

/** Devices with a desired configuration of their own, latest set first, each with what it lacks still. */
export async function listConfiguredDevices(
  db: Db,
  user: SignedInUser,
  raw: RawQuery,
): Promise<ConfiguredDeviceList> {
  const query = new ListQuery(raw, CONFIGURED_DEVICE_QUERY);
  const paging = offsetPaging(query, ['SetAt']);
  const search = searchCondition(query, [series.serialNumber], 'SerialNumber');
  query.check();
  const where = and(companyScope(user, series.companyId), search);
  const base = () =>
    db
      .select({
        serialNumber: series.serialNumber,
        own: seriesDesiredConfigurations.content,
        setAt: seriesDesiredConfigurations.setAt,
        setBy: seriesDesiredConfigurations.setBy,
        group: groupDesiredConfigurations.content,
        reported: deviceConfigurations.content,
      })
      .from(seriesDesiredConfigurations)
      .innerJoin(series, eq(series.id, seriesDesiredConfigurations.seriesId))
      .leftJoin(groupDesiredConfigurations, eq(groupDesiredConfigurations.groupId, series.groupId))
      .leftJoin(deviceConfigurations, eq(deviceConfigurations.seriesId, series.id))
      .where(where);
  const { rows, total } = await offsetPage(
    base().orderBy(
      sortOrderOf(query, 'DESC') === 'ASC'
        ? asc(seriesDesiredConfigurations.setAt)
        : desc(seriesDesiredConfigurations.setAt),
      asc(series.serialNumber),
    ),
    db
      .select({ n: count() })
      .from(seriesDesiredConfigurations)
      .innerJoin(series, eq(series.id, seriesDesiredConfigurations.seriesId))
      .where(where),
    paging,
  );
  return {
    totalCount: total,
    devices: rows.map((row) => ({
      serialNumber: row.serialNumber,
      setAt: row.setAt.toISOString(),
      setBy: row.setBy,
      differenceCount: configurationDifferences(row.reported, effectiveOf(row.group, row.own)).length,
    })),
  };
}

/** The device groups with their devices, stores and desired configurations, by name. */
export async function listGroupConfigurations(db: Db): Promise<{ groups: GroupConfiguration[] }> {
  const result = (await db.execute(
    sql`select g.id, g.name,
       (select count(*)::int from series s where s.group_id = g.id) as device_count,
       (select count(*)::int from stores s where s.group_id = g.id) as store_count,
       (select count(*)::int from series s join series_desired_configurations d on d.series_id = s.id
          where s.group_id = g.id) as configured_device_count,
       c.content, c.set_at, c.set_by
     from device_groups g left join group_desired_configurations c on c.group_id = g.id
     order by g.name`,
  )) as unknown as {
    rows: {
      id: number;
      name: string;
      device_count: number;
      store_count: number;
      configured_device_count: number;
      content: ConfigurationObject | null;
      set_at: string | Date | null;
      set_by: string | null;
    }[];
  };
  return {
    groups: result.rows.map((row) => ({
      id: row.id,
      name: row.name,
      deviceCount: row.device_count,
      storeCount: row.store_count,
      configuredDeviceCount: row.configured_device_count,
      desired:
        row.content && row.set_at && row.set_by
          ? { content: row.content, setAt: new Date(row.set_at).toISOString(), setBy: row.set_by }
          : null,
    })),
  };
}

/** Sets (or, with null, clears) a group's desired configuration, with its audit entry. */
export async function setGroupConfiguration(
  db: Db,
  user: SignedInUser,
  groupId: number,
  content: ConfigurationObject | null,
): Promise<{ groups: GroupConfiguration[] }> {
  await db.transaction(async (tx) => {
    const [group] = await tx.select().from(deviceGroups).where(eq(deviceGroups.id, groupId)).for('update');
    if (!group) throw notFound(`No device group ${groupId}`);
    const [previous] = await tx
      .delete(groupDesiredConfigurations)
      .where(eq(groupDesiredConfigurations.groupId, groupId))
      .returning();
    if (content)
      await tx
        .insert(groupDesiredConfigurations)
        .values({ groupId, content, setAt: new Date(), setBy: user.name });
    await recordAudit(tx, user, {
      action: 'device-group.configuration',
      subjectType: 'device-group',
      subjectId: String(groupId),
      details: {
        name: group.name,
        changes: { configuration: { from: previous?.content ?? null, to: content } },
      },
    });
  });
  return listGroupConfigurations(db);
}
