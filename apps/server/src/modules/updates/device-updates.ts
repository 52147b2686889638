import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  UPDATE_SUBJECTS,
  VERSION_KINDS,
  compareVersions,
  earlyAccessOffer,
  type UpdateOffer,
  type UpdateReport,
  type VersionKind,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { rolloutDevices, rollouts, series, updateHistory, versions } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { offerableVersions, type VersionRow } from './versions.ts';

const CURRENT = { software: 'currentVersion', database: 'currentDbVersion' } as const;

export function offerOf(media: MediaStorage, version: VersionRow, rolloutId: number | null): UpdateOffer {
  return {
    kind: version.kind as VersionKind,
    version: version.number,
    fileName: version.fileName,
    size: version.size,
    sha256: version.sha256,
    url: media.link(version.mediaKey),
    notes: version.notes,
    rolloutId,
  };
}

/**
 * What the device is offered now, per kind (docs/versions.md): the version of a running rollout whose
 * wave has reached it, else, for an early-access device, the newest early version newer than its own.
 */
export async function offersFor(db: Db, media: MediaStorage, seriesId: number): Promise<UpdateOffer[]> {
  const [device] = await db.select().from(series).where(eq(series.id, seriesId));
  if (!device) return [];
  const fromRollouts = await db
    .select({ rolloutId: rollouts.id, version: versions })
    .from(rolloutDevices)
    .innerJoin(rollouts, eq(rollouts.id, rolloutDevices.rolloutId))
    .innerJoin(versions, eq(versions.id, rollouts.versionId))
    .where(
      and(
        eq(rolloutDevices.seriesId, seriesId),
        eq(rollouts.state, 'running'),
        lte(rolloutDevices.wave, rollouts.currentWave),
        inArray(rolloutDevices.state, ['offered', 'started']),
      ),
    );
  const offers: UpdateOffer[] = [];
  for (const kind of VERSION_KINDS) {
    const current = device[CURRENT[kind]];
    const rollout = fromRollouts.find((row) => row.version.kind === kind);
    if (rollout && (current === null || compareVersions(rollout.version.number, current) > 0)) {
      offers.push(offerOf(media, rollout.version, rollout.rolloutId));
      continue;
    }
    if (rollout) await settleUpToDate(db, rollout.rolloutId, seriesId, current!);
    const early = earlyAccessOffer(
      await offerableVersions(db, device.deviceType, kind),
      current,
      device.earlyAccess,
    );
    if (early) offers.push(offerOf(media, early, null));
  }
  return offers;
}

/** A device of a rollout found already on its version (or newer): it counts as updated. */
async function settleUpToDate(db: Db, rolloutId: number, seriesId: number, current: string) {
  await db
    .update(rolloutDevices)
    .set({ state: 'succeeded', percent: 100, details: `Already on ${current}`, updatedAt: new Date() })
    .where(and(eq(rolloutDevices.rolloutId, rolloutId), eq(rolloutDevices.seriesId, seriesId)));
}

const ENTRY_STATE = {
  started: 'running',
  progress: 'running',
  succeeded: 'succeeded',
  failed: 'failed',
} as const;
const DEVICE_STATE = {
  started: 'started',
  progress: 'started',
  succeeded: 'succeeded',
  failed: 'failed',
} as const;

/**
 * Records a device's report of an update: one update history entry per attempt, opened by the first
 * report and kept current by the next; success moves the device to the version. A device of a rollout
 * sending that version moves on in it too. Answers the rollout touched, for the caller to look at.
 */
export async function recordUpdateReport(
  db: Db,
  seriesId: number,
  report: UpdateReport,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [device] = await tx.select().from(series).where(eq(series.id, seriesId)).for('update');
    const [known] = await tx
      .select({ kind: versions.kind })
      .from(versions)
      .where(and(eq(versions.deviceType, device!.deviceType), eq(versions.number, report.version)));
    if (known && known.kind !== report.kind)
      throw badRequest(`Invalid body.kind: ${report.version} is a ${known.kind} version`, [
        {
          field: 'body.kind',
          message: `${report.version} is a ${known.kind} version`,
          rule: { kind: 'invalid' },
        },
      ]);
    const [inRollout] = await tx
      .select({ rolloutId: rolloutDevices.rolloutId, state: rolloutDevices.state })
      .from(rolloutDevices)
      .innerJoin(rollouts, eq(rollouts.id, rolloutDevices.rolloutId))
      .where(
        and(
          eq(rolloutDevices.seriesId, seriesId),
          eq(rollouts.version, report.version),
          eq(rollouts.kind, report.kind),
          inArray(rollouts.state, ['running', 'paused']),
        ),
      )
      .orderBy(desc(rollouts.id))
      .limit(1);
    const rolloutId = inRollout?.rolloutId ?? null;
    const subject = UPDATE_SUBJECTS[report.kind];
    const now = new Date();
    const ended = report.state === 'succeeded' || report.state === 'failed';
    const percent =
      report.state === 'succeeded' ? 100 : (report.percent ?? (report.state === 'started' ? 0 : null));
    const [open] = await tx
      .select({ id: updateHistory.id })
      .from(updateHistory)
      .where(
        and(
          eq(updateHistory.seriesId, seriesId),
          eq(updateHistory.subject, subject),
          eq(updateHistory.toVersion, report.version),
          eq(updateHistory.state, 'running'),
        ),
      )
      .orderBy(desc(updateHistory.id))
      .limit(1);
    const entry = {
      state: ENTRY_STATE[report.state],
      ...(percent === null ? {} : { percent }),
      ...(report.details ? { details: report.details } : {}),
      ...(report.username ? { username: report.username } : {}),
      ...(ended ? { updateDate: now } : {}),
    };
    if (open) await tx.update(updateHistory).set(entry).where(eq(updateHistory.id, open.id));
    else
      await tx.insert(updateHistory).values({
        seriesId,
        subject,
        updateDate: now,
        fromVersion: device![CURRENT[report.kind]],
        toVersion: report.version,
        rolloutId,
        ...entry,
      });
    if (report.state === 'succeeded')
      await tx
        .update(series)
        .set({ [CURRENT[report.kind]]: report.version })
        .where(eq(series.id, seriesId));
    // An ended attempt is not reopened by a late progress report.
    if (inRollout && !(['succeeded', 'failed'].includes(inRollout.state) && !ended))
      await tx
        .update(rolloutDevices)
        .set({
          state: DEVICE_STATE[report.state],
          ...(percent === null ? {} : { percent }),
          ...(report.details ? { details: report.details } : {}),
          ...(report.state === 'started' ? { fromVersion: device![CURRENT[report.kind]] } : {}),
          updatedAt: now,
        })
        .where(and(eq(rolloutDevices.rolloutId, inRollout.rolloutId), eq(rolloutDevices.seriesId, seriesId)));
    return ended ? rolloutId : null;
  });
}

/** Update attempts whose device went silent: still running after a day, they hold nothing forever. */
export async function abandonSilentUpdates(db: Db, olderThan: Date): Promise<number> {
  const rows = await db
    .update(updateHistory)
    .set({
      state: 'failed',
      details: sql`coalesce(${updateHistory.details} || ' · ', '') || 'No report from the device for a day'`,
    })
    .where(and(eq(updateHistory.state, 'running'), lte(updateHistory.updateDate, olderThan)))
    .returning({ id: updateHistory.id });
  return rows.length;
}
