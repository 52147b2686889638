import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import {
  ACTIVE_ROLLOUT_STATES,
  UPDATE_SUBJECTS,
  VERSION_KINDS,
  compareVersions,
  type DeviceTypeDetail,
  type Version,
  type VersionAvailability,
  type VersionContent,
  type VersionKind,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { rollouts, series, updateHistory, versions } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { UNIQUE_VIOLATION, databaseErrorOf } from '../../lib/database-errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { recordAudit } from '../audit/service.ts';
import { getDeviceType } from './device-types.ts';
import type { ReceivedFile } from '../../lib/upload.ts';

export type VersionRow = typeof versions.$inferSelect;

/** The series column holding the version a device runs, per kind. */
export const CURRENT_VERSION = {
  software: series.currentVersion,
  database: series.currentDbVersion,
} as const;

/** A file name as a media key takes it: letters, digits, dots, dashes and underscores. */
function keyName(fileName: string): string {
  const safe = fileName.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[^A-Za-z0-9]+/, '');
  return (safe || 'version.bin').slice(-100);
}

/** How many devices of the type run each version, per kind. */
async function runningCounts(db: Db, type: string): Promise<Record<VersionKind, Map<string, number>>> {
  const counts = async (kind: VersionKind) =>
    new Map(
      (
        await db
          .select({ version: CURRENT_VERSION[kind], n: count() })
          .from(series)
          .where(eq(series.deviceType, type))
          .groupBy(CURRENT_VERSION[kind])
      ).map((row) => [row.version ?? '', row.n]),
    );
  const [software, database] = await Promise.all([counts('software'), counts('database')]);
  return { software, database };
}

/** Devices of the type whose update to each version started and has not ended. */
async function updatingCounts(db: Db, type: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ subject: updateHistory.subject, version: updateHistory.toVersion, n: count() })
    .from(updateHistory)
    .innerJoin(series, eq(series.id, updateHistory.seriesId))
    .where(and(eq(updateHistory.state, 'running'), eq(series.deviceType, type)))
    .groupBy(updateHistory.subject, updateHistory.toVersion);
  return new Map(rows.map((row) => [`${row.subject}:${row.version}`, row.n]));
}

async function activeRolloutVersionIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ versionId: rollouts.versionId })
    .from(rollouts)
    .where(and(inArray(rollouts.versionId, ids), inArray(rollouts.state, [...ACTIVE_ROLLOUT_STATES])));
  return new Set(rows.map((row) => row.versionId!));
}

function toVersion(row: VersionRow, devices: number, updating: number, inRollout: boolean): Version {
  return {
    number: row.number,
    kind: row.kind as VersionKind,
    fileName: row.fileName,
    size: row.size,
    sha256: row.sha256,
    notes: row.notes,
    uploadedAt: row.uploadedAt.toISOString(),
    uploadedBy: row.uploadedBy,
    availability: row.availability as VersionAvailability,
    devices,
    updating,
    inRollout,
  };
}

/** The type and its versions, software then database, each newest first, with the devices running and updating to each. */
export async function deviceTypeWithVersions(db: Db, type: string): Promise<DeviceTypeDetail> {
  const deviceType = await getDeviceType(db, type);
  const rows = await db.select().from(versions).where(eq(versions.deviceType, deviceType.type));
  const [running, updating, rolledOut] = await Promise.all([
    runningCounts(db, deviceType.type),
    updatingCounts(db, deviceType.type),
    activeRolloutVersionIds(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  const list = rows
    .map((row) => {
      const kind = row.kind as VersionKind;
      return toVersion(
        row,
        running[kind].get(row.number) ?? 0,
        updating.get(`${UPDATE_SUBJECTS[kind]}:${row.number}`) ?? 0,
        rolledOut.has(row.id),
      );
    })
    .sort(
      (a, b) =>
        VERSION_KINDS.indexOf(a.kind) - VERSION_KINDS.indexOf(b.kind) || compareVersions(b.number, a.number),
    );
  return { ...deviceType, versions: list };
}

/** One version's row; a 404 naming it when there is none. */
export async function findVersion(db: Db, type: string, number: string): Promise<VersionRow> {
  const [row] = await db
    .select()
    .from(versions)
    .where(and(eq(versions.deviceType, type), eq(versions.number, number)));
  if (!row) throw notFound(`No version ${number} of ${type}`);
  return row;
}

async function versionOf(db: Db, row: VersionRow): Promise<Version> {
  const detail = await deviceTypeWithVersions(db, row.deviceType);
  return detail.versions.find((version) => version.number === row.number)!;
}

const duplicate = (type: string, number: string) =>
  badRequest(`Invalid body.number: ${type} has a version ${number} already`, [
    { field: 'body.number', message: `${type} has a version ${number} already`, rule: { kind: 'taken' } },
  ]);

export interface NewVersion {
  type: string;
  number: string;
  kind: VersionKind;
  notes: string;
  availability: 'general' | 'early';
  file: ReceivedFile;
}

/** Stores an uploaded version: its file moved into media storage, its row and audit entry in one transaction. */
export async function addVersion(
  db: Db,
  media: MediaStorage,
  user: SignedInUser,
  upload: NewVersion,
): Promise<Version> {
  const deviceType = await getDeviceType(db, upload.type);
  const [existing] = await db
    .select({ id: versions.id })
    .from(versions)
    .where(and(eq(versions.deviceType, deviceType.type), eq(versions.number, upload.number)));
  if (existing) throw duplicate(deviceType.type, upload.number);
  // A key of its own: a refused duplicate never overwrites the file of the version it duplicates.
  const mediaKey = `versions/${deviceType.type}/${upload.number}-${randomBytes(4).toString('hex')}/${keyName(upload.file.fileName)}`;
  await media.putFile(mediaKey, upload.file.path);
  try {
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(versions)
        .values({
          deviceType: deviceType.type,
          kind: upload.kind,
          number: upload.number,
          fileName: upload.file.fileName,
          size: upload.file.size,
          sha256: upload.file.sha256,
          mediaKey,
          content: upload.file.content,
          notes: upload.notes,
          availability: upload.availability,
          uploadedBy: user.name,
        })
        .returning();
      await recordAudit(tx, user, {
        action: 'version.upload',
        subjectType: 'version',
        subjectId: `${deviceType.type}/${upload.number}`,
        details: { kind: upload.kind, size: upload.file.size, sha256: upload.file.sha256 },
      });
      return inserted!;
    });
    return await versionOf(db, row);
  } catch (error) {
    await media.delete(mediaKey).catch(() => undefined);
    if (databaseErrorOf(error)?.code === UNIQUE_VIOLATION) throw duplicate(deviceType.type, upload.number);
    throw error;
  }
}

/** Changes who is offered a version: every device through rollouts, early-access devices, or none. */
export async function setAvailability(
  db: Db,
  user: SignedInUser,
  type: string,
  number: string,
  availability: VersionAvailability,
): Promise<Version> {
  const row = await db.transaction(async (tx) => {
    const current = await findVersion(tx, type, number);
    if (availability === 'withdrawn') await refuseWhileInRollout(tx, current, 'withdrawn');
    const [updated] = await tx
      .update(versions)
      .set({ availability })
      .where(eq(versions.id, current.id))
      .returning();
    await recordAudit(tx, user, {
      action: 'version.availability',
      subjectType: 'version',
      subjectId: `${type}/${number}`,
      details: { from: current.availability, to: availability },
    });
    return updated!;
  });
  return versionOf(db, row);
}

async function refuseWhileInRollout(db: Db, version: VersionRow, what: string): Promise<void> {
  const [active] = await db
    .select({ id: rollouts.id })
    .from(rollouts)
    .where(and(eq(rollouts.versionId, version.id), inArray(rollouts.state, [...ACTIVE_ROLLOUT_STATES])))
    .limit(1);
  if (active)
    throw conflict(
      `${version.deviceType} ${version.number} cannot be ${what}: rollout ${active.id} sends it. Cancel the rollout first.`,
    );
}

/** Deletes a version and its file; refused while a rollout sends it or devices are updating to it. */
export async function deleteVersion(
  db: Db,
  media: MediaStorage,
  user: SignedInUser,
  type: string,
  number: string,
): Promise<void> {
  const mediaKey = await db.transaction(async (tx) => {
    const version = await findVersion(tx, type, number);
    await refuseWhileInRollout(tx, version, 'deleted');
    const [updating] = await tx
      .select({ n: count() })
      .from(updateHistory)
      .innerJoin(series, eq(series.id, updateHistory.seriesId))
      .where(
        and(
          eq(updateHistory.state, 'running'),
          eq(updateHistory.toVersion, version.number),
          eq(updateHistory.subject, UPDATE_SUBJECTS[version.kind as VersionKind]),
          eq(series.deviceType, version.deviceType),
        ),
      );
    if (updating && updating.n > 0)
      throw conflict(
        `${type} ${number} cannot be deleted: ${updating.n} devices are being updated to it. Try again once they have finished.`,
      );
    await tx.delete(versions).where(eq(versions.id, version.id));
    await recordAudit(tx, user, {
      action: 'version.delete',
      subjectType: 'version',
      subjectId: `${type}/${number}`,
      details: { kind: version.kind, sha256: version.sha256, notes: version.notes },
    });
    return version.mediaKey;
  });
  // After the commit: a failed removal leaves a file without a row, never a row without its file.
  await media.delete(mediaKey);
}

export async function versionContent(db: Db, type: string, number: string): Promise<VersionContent> {
  const version = await findVersion(db, type, number);
  const listing = version.content as VersionContent | null;
  return {
    fileName: version.fileName,
    size: version.size,
    sha256: version.sha256,
    archive: listing !== null,
    entries: listing?.entries ?? [],
    truncated: listing?.truncated ?? false,
  };
}

export async function versionDownloadLink(db: Db, media: MediaStorage, type: string, number: string) {
  const version = await findVersion(db, type, number);
  return {
    mediaLink: media.link(version.mediaKey),
    fileName: version.fileName,
    size: version.size,
    sha256: version.sha256,
  };
}

/** A type's versions of one kind that may be offered outside rollouts (not withdrawn). */
export async function offerableVersions(db: Db, type: string, kind: VersionKind) {
  return db
    .select()
    .from(versions)
    .where(
      and(
        eq(versions.deviceType, type),
        eq(versions.kind, kind),
        sql`${versions.availability} <> 'withdrawn'`,
      ),
    );
}
