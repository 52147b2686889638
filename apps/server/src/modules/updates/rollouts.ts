import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { rolloutRequestSchema, ROLLOUT_DEVICE_SORT_COLUMNS } from '@fleet/contract';
import {
  ACTIVE_ROLLOUT_STATES,
  compareVersions,
  planWaves,
  rolloutActions,
  waveFailurePercent,
  type Rollout,
  type RolloutAction,
  type RolloutDevice,
  type RolloutDeviceState,
  type RolloutFilter,
  type RolloutPreview,
  type RolloutState,
  type SortOrder,
  type VersionKind,
  type Wave,
} from '@fleet/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { rolloutDevices, rollouts, series } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';
import { CURRENT_VERSION, findVersion, type VersionRow } from './versions.ts';
import { offsetPage } from '../../lib/list-request.ts';

type RolloutRequest = z.output<typeof rolloutRequestSchema>;
type RolloutRow = typeof rollouts.$inferSelect;

interface Candidate {
  id: number;
  earlyAccess: boolean;
  current: string | null;
}

/** The activated devices of the version's type that the filter names. */
async function candidates(db: Db, version: VersionRow, filter: RolloutFilter): Promise<Candidate[]> {
  const current = CURRENT_VERSION[version.kind];
  const conditions: (SQL | undefined)[] = [
    eq(series.deviceType, version.deviceType),
    eq(series.deviceStatus, 'A'),
    filter.groupIds?.length ? inArray(series.groupId, filter.groupIds) : undefined,
    filter.companyIds?.length ? inArray(series.companyId, filter.companyIds) : undefined,
    filter.currentVersions?.length ? inArray(current, filter.currentVersions) : undefined,
    filter.serialNumbers?.length ? inArray(series.serialNumber, filter.serialNumbers) : undefined,
    filter.earlyAccessOnly ? eq(series.earlyAccess, true) : undefined,
  ];
  return db
    .select({ id: series.id, earlyAccess: series.earlyAccess, current })
    .from(series)
    .where(and(...conditions))
    .orderBy(asc(series.id));
}

async function activeRolloutOf(db: Db, version: VersionRow): Promise<number | null> {
  const [active] = await db
    .select({ id: rollouts.id })
    .from(rollouts)
    .where(
      and(
        eq(rollouts.deviceType, version.deviceType),
        eq(rollouts.kind, version.kind),
        inArray(rollouts.state, [...ACTIVE_ROLLOUT_STATES]),
      ),
    )
    .limit(1);
  return active?.id ?? null;
}

/** Shuffled once, so that each wave is a fair sample of the set (Fisher–Yates). */
function shuffled<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

async function plan(db: Db, request: RolloutRequest) {
  const version = await findVersion(db, request.deviceType, request.version);
  if (version.availability === 'withdrawn')
    throw conflict(
      `${version.deviceType} ${version.number} is withdrawn: make it available before a rollout`,
    );
  const all = await candidates(db, version, request.filter);
  const needing = all.filter(
    (device) => device.current === null || compareVersions(device.current, version.number) < 0,
  );
  const waves = planWaves(shuffled([...needing]), (device) => device.earlyAccess, request.wavePercents);
  return { version, waves, upToDate: all.length - needing.length };
}

export async function previewRollout(db: Db, request: RolloutRequest): Promise<RolloutPreview> {
  const { version, waves, upToDate } = await plan(db, request);
  const devices = waves.flat();
  return {
    devices: devices.length,
    earlyAccessDevices: devices.filter((device) => device.earlyAccess).length,
    waves: waves.map((wave) => wave.length),
    upToDate,
    activeRolloutId: await activeRolloutOf(db, version),
  };
}

/**
 * Starts a rollout: its devices written with their wave (fixed now, so a restart changes nothing), the
 * first wave offered at once. One running or paused rollout per type and kind: a second is a 409.
 */
export async function startRollout(db: Db, user: SignedInUser, request: RolloutRequest): Promise<Rollout> {
  const id = await db.transaction(async (tx) => {
    const { version, waves } = await plan(tx, request);
    // Two people starting rollouts of one type at once: the second waits here, then sees the first.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`rollout:${version.deviceType}:${version.kind}`}))`,
    );
    const active = await activeRolloutOf(tx, version);
    if (active)
      throw conflict(
        `Rollout ${active} already sends ${version.kind} versions to ${version.deviceType} devices: cancel it or let it end first`,
      );
    if (waves.length === 0)
      throw badRequest('Invalid body.filter: no device of the filter needs this version', [
        {
          field: 'body.filter',
          message: 'names no activated device on an older version',
          rule: { kind: 'unavailable' },
        },
      ]);
    const now = new Date();
    const [row] = await tx
      .insert(rollouts)
      .values({
        versionId: version.id,
        deviceType: version.deviceType,
        kind: version.kind,
        version: version.number,
        state: 'running',
        filter: request.filter,
        wavePercents: request.wavePercents,
        waveCount: waves.length,
        failureThresholdPercent: request.failureThresholdPercent,
        waveWindowMinutes: request.waveWindowMinutes,
        currentWave: 1,
        waveStartedAt: now,
        waveStarts: [now.toISOString()],
        createdBy: user.name,
      })
      .returning({ id: rollouts.id });
    const rows = waves.flatMap((wave, index) =>
      wave.map((device) => ({
        rolloutId: row!.id,
        seriesId: device.id,
        wave: index + 1,
        state: index === 0 ? 'offered' : 'pending',
        fromVersion: device.current,
      })),
    );
    for (let at = 0; at < rows.length; at += 1000)
      await tx.insert(rolloutDevices).values(rows.slice(at, at + 1000));
    await recordAudit(tx, user, {
      action: 'rollout.start',
      subjectType: 'rollout',
      subjectId: String(row!.id),
      details: {
        version: `${version.deviceType}/${version.number}`,
        devices: rows.length,
        waves: waves.map((wave) => wave.length),
        failureThresholdPercent: request.failureThresholdPercent,
        waveWindowMinutes: request.waveWindowMinutes,
      },
    });
    return row!.id;
  });
  return getRollout(db, id);
}

/** Devices per wave and state, for these rollouts. */
async function waveCounts(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      rolloutId: rolloutDevices.rolloutId,
      wave: rolloutDevices.wave,
      state: rolloutDevices.state,
      n: count(),
    })
    .from(rolloutDevices)
    .where(inArray(rolloutDevices.rolloutId, ids))
    .groupBy(rolloutDevices.rolloutId, rolloutDevices.wave, rolloutDevices.state);
}

function waveStateOf(row: RolloutRow, number: number): Wave['state'] {
  if (number < row.currentWave || (number === row.currentWave && row.state === 'done')) return 'passed';
  if (number > row.currentWave) return 'pending';
  return row.state === 'stopped' ? 'stopped' : 'running';
}

function toRollout(row: RolloutRow, counts: Awaited<ReturnType<typeof waveCounts>>): Rollout {
  const waves: Wave[] = Array.from({ length: row.waveCount }, (_, index) => {
    const number = index + 1;
    const of = (state: RolloutDeviceState) =>
      counts.find((c) => c.rolloutId === row.id && c.wave === number && c.state === state)?.n ?? 0;
    const devices = counts
      .filter((c) => c.rolloutId === row.id && c.wave === number)
      .reduce((sum, c) => sum + c.n, 0);
    const succeeded = of('succeeded');
    const failed = of('failed');
    return {
      number,
      state: waveStateOf(row, number),
      devices,
      offered: of('offered'),
      started: of('started'),
      succeeded,
      failed,
      failurePercent: Math.round(waveFailurePercent({ devices, succeeded, failed }) * 10) / 10,
      startedAt: row.waveStarts[index] ?? null,
    };
  });
  return {
    id: row.id,
    deviceType: row.deviceType,
    version: row.version,
    kind: row.kind as VersionKind,
    state: row.state as RolloutState,
    filter: row.filter as RolloutFilter,
    failureThresholdPercent: row.failureThresholdPercent,
    waveWindowMinutes: row.waveWindowMinutes,
    currentWave: row.currentWave,
    waves,
    devices: waves.reduce((sum, wave) => sum + wave.devices, 0),
    succeeded: waves.reduce((sum, wave) => sum + wave.succeeded, 0),
    failed: waves.reduce((sum, wave) => sum + wave.failed, 0),
    started: waves.reduce((sum, wave) => sum + wave.started, 0),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    endedAt: row.endedAt?.toISOString() ?? null,
    reason: row.reason,
  };
}

export async function getRollout(db: Db, id: number): Promise<Rollout> {
  const [row] = await db.select().from(rollouts).where(eq(rollouts.id, id));
  if (!row) throw notFound(`No rollout ${id}`);
  return toRollout(row, await waveCounts(db, [id]));
}

export async function listRollouts(
  db: Db,
  query: {
    deviceType?: string;
    states: RolloutState[];
    order: SortOrder;
    pageSize: number;
    pageNumber: number;
  },
) {
  const by = query.order === 'ASC' ? asc : desc;
  const where = and(
    query.deviceType ? eq(rollouts.deviceType, query.deviceType) : undefined,
    query.states.length ? inArray(rollouts.state, query.states) : undefined,
  );
  const { rows, total } = await offsetPage(
    db.select().from(rollouts).where(where).orderBy(by(rollouts.createdAt), by(rollouts.id)),
    db.select({ n: count() }).from(rollouts).where(where),
    query,
  );
  const counts = await waveCounts(
    db,
    rows.map((row) => row.id),
  );
  return { data: rows.map((row) => toRollout(row, counts)), totalCount: total };
}

export async function rolloutDevicesOf(
  db: Db,
  id: number,
  query: {
    wave?: number;
    states: RolloutDeviceState[];
    sort: (typeof ROLLOUT_DEVICE_SORT_COLUMNS)[number];
    order: SortOrder;
    pageSize: number;
    pageNumber: number;
  },
): Promise<{ data: RolloutDevice[]; totalCount: number }> {
  const by = query.order === 'ASC' ? asc : desc;
  const column = {
    Wave: rolloutDevices.wave,
    UpdatedAt: rolloutDevices.updatedAt,
    SerialNumber: series.serialNumber,
  }[query.sort];
  await getRollout(db, id);
  const where = and(
    eq(rolloutDevices.rolloutId, id),
    query.wave ? eq(rolloutDevices.wave, query.wave) : undefined,
    query.states.length ? inArray(rolloutDevices.state, query.states) : undefined,
  );
  const { rows, total } = await offsetPage(
    db
      .select({ device: rolloutDevices, serialNumber: series.serialNumber })
      .from(rolloutDevices)
      .innerJoin(series, eq(series.id, rolloutDevices.seriesId))
      .where(where)
      .orderBy(by(column), asc(series.serialNumber)),
    db.select({ n: count() }).from(rolloutDevices).where(where),
    query,
  );
  return {
    data: rows.map(({ device, serialNumber }) => ({
      serialNumber,
      wave: device.wave,
      state: device.state as RolloutDeviceState,
      fromVersion: device.fromVersion,
      percent: device.percent,
      details: device.details,
      updatedAt: device.updatedAt?.toISOString() ?? null,
    })),
    totalCount: total,
  };
}

/** Pause, resume or cancel, by a person; a 409 when the rollout's state does not allow it. */
export async function actOnRollout(
  db: Db,
  user: SignedInUser,
  id: number,
  action: RolloutAction,
): Promise<Rollout> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(rollouts).where(eq(rollouts.id, id)).for('update');
    if (!row) throw notFound(`No rollout ${id}`);
    if (!rolloutActions(row.state as RolloutState).includes(action))
      throw conflict(
        `Rollout ${id} is ${row.state}: it cannot be ${action === 'cancel' ? 'cancelled' : `${action}d`}`,
      );
    const now = new Date();
    const change =
      action === 'pause'
        ? { state: 'paused', pausedAt: now, reason: `Paused by ${user.name}` }
        : action === 'resume'
          ? {
              state: 'running',
              pausedAt: null,
              reason: null,
              // The wave's window does not run while paused.
              waveStartedAt: new Date(
                row.waveStartedAt.getTime() + (now.getTime() - (row.pausedAt ?? now).getTime()),
              ),
            }
          : { state: 'cancelled', endedAt: now, reason: `Cancelled by ${user.name}` };
    await tx.update(rollouts).set(change).where(eq(rollouts.id, id));
    await recordAudit(tx, user, {
      action: `rollout.${action}`,
      subjectType: 'rollout',
      subjectId: String(id),
      details: { from: row.state, to: change.state, wave: row.currentWave },
    });
  });
  return getRollout(db, id);
}
