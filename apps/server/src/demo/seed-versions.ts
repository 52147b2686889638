import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_WAVE_PERCENTS,
  VERSION_CONTENT_MAX_ENTRIES,
  planWaves,
  type VersionKind,
} from '@fleet/contract';
import type { MediaStorage } from '../lib/media-storage.ts';
import { ZipWriter } from '../lib/export-writers/zip.ts';
import { readZipContent } from '../lib/zip-content.ts';
import type { WorkArea } from '../lib/work-files.ts';
import type { Db } from '../db/client.ts';
import { DATABASE_VERSIONS, SOFTWARE_VERSIONS, derivedSeed } from '@fleet/device-kit/demo-fleet';
import { SeededRandom } from '@fleet/device-kit/random';
import * as t from '../db/schema.ts';

const DAY = 86_400_000;
/** The demo's releases, each this long after the one before, the newest a month ago. */
const RELEASE_EVERY_DAYS = 40;
const UPLOADERS = ['DevOps Manager (demo)', 'Administrator (demo)'];
/** The version the demo's finished rollout sent. */
const ROLLED_OUT = '5.12.3';

const SOFTWARE_NOTES: Record<string, string> = {
  '5.8.2':
    'Fixes a freeze when a sensor answers twice during relearn. Battery gauge reads the pack again after a cold start.',
  '5.9.0': 'New job report layout. Faster Bluetooth pairing with printers. Adds Portuguese.',
  '5.10.1': 'Torque curves are kept at full resolution. Fixes the date of jobs started just before midnight.',
  '5.11.0': 'Uploads job pictures over slow connections in the background. New self-test of the RF module.',
  '5.12.3':
    'Security update of the TLS library. Certificates are checked before each job. Fewer reconnections on weak Wi-Fi.',
  '6.0.0-rc1':
    'Release candidate of 6.0: new home screen, offline job queue, faster start. For early-access devices.',
};

/** A firmware package as the build server makes it: a manifest, the image, its notes and checksums. */
async function writePackage(
  file: string,
  type: string,
  number: string,
  kind: VersionKind,
  notes: string,
  random: SeededRandom,
) {
  const image = Buffer.alloc(48 * 1024 + random.int(0, 8 * 1024) * 4);
  for (let i = 0; i < image.length; i += 4) image.writeUInt32LE(Math.floor(random.next() * 2 ** 32), i);
  const imageName = kind === 'software' ? `${type.toLowerCase()}-${number}.img` : `vehicles-${number}.db`;
  const zip = new ZipWriter(file);
  await zip.add(
    'manifest.json',
    JSON.stringify({ deviceType: type, version: number, kind, image: imageName }, null, 2),
  );
  await zip.add(imageName, image);
  await zip.add('RELEASE-NOTES.txt', `${type} ${number}\n\n${notes}\n`);
  await zip.add('SHA256SUMS', `${createHash('sha256').update(image).digest('hex')}  ${imageName}\n`);
  await zip.end();
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The demo's finished rollout of 5.12.3 to the devices of the type that run it, wave by wave. */
async function seedRollout(db: Db, type: string, versionId: number, releasedAt: Date, random: SeededRandom) {
  const devices = await db
    .select({ id: t.series.id, earlyAccess: t.series.earlyAccess })
    .from(t.series)
    .where(
      and(
        eq(t.series.deviceType, type),
        eq(t.series.currentVersion, ROLLED_OUT),
        eq(t.series.deviceStatus, 'A'),
      ),
    )
    .orderBy(asc(t.series.id));
  if (devices.length === 0) return;
  const order = devices.map((device) => ({ device, key: random.next() })).sort((a, b) => a.key - b.key);
  const waves = planWaves(
    order.map(({ device }) => device),
    (device) => device.earlyAccess,
    DEFAULT_WAVE_PERCENTS,
  );
  const started = new Date(releasedAt.getTime() + 3 * DAY);
  const starts = waves.map((_, index) => new Date(started.getTime() + index * 2 * DAY));
  const [rollout] = await db
    .insert(t.rollouts)
    .values({
      versionId,
      deviceType: type,
      kind: 'software',
      version: ROLLED_OUT,
      state: 'done',
      filter: {},
      wavePercents: [...DEFAULT_WAVE_PERCENTS],
      waveCount: waves.length,
      failureThresholdPercent: 10,
      waveWindowMinutes: 24 * 60,
      currentWave: waves.length,
      waveStartedAt: starts.at(-1)!,
      waveStarts: starts.map((date) => date.toISOString()),
      createdAt: started,
      createdBy: UPLOADERS[0]!,
      endedAt: new Date(starts.at(-1)!.getTime() + DAY),
    })
    .returning({ id: t.rollouts.id });
  const rows = waves.flatMap((wave, index) =>
    wave.map((device) => ({
      rolloutId: rollout!.id,
      seriesId: device.id,
      wave: index + 1,
      state: 'succeeded',
      percent: 100,
      fromVersion: SOFTWARE_VERSIONS[SOFTWARE_VERSIONS.indexOf(ROLLED_OUT) - 1]!,
      details: `Installed ${type.toLowerCase()}-${ROLLED_OUT}.img`,
      updatedAt: new Date(starts[index]!.getTime() + random.int(1, 20) * 3_600_000),
    })),
  );
  for (let at = 0; at < rows.length; at += 1000)
    await db.insert(t.rolloutDevices).values(rows.slice(at, at + 1000));
  // Their history's step to 5.12.3 came by this rollout.
  await db
    .update(t.updateHistory)
    .set({ rolloutId: rollout!.id })
    .where(
      and(
        inArray(
          t.updateHistory.seriesId,
          devices.map((device) => device.id),
        ),
        eq(t.updateHistory.toVersion, ROLLED_OUT),
        eq(t.updateHistory.subject, 'Software'),
      ),
    );
}

/**
 * The demo's versions, once (`meta` key `seed-versions`): every software and database version the demo
 * fleet runs, for each of its device types, uploaded as real packages with their checksums, and a
 * finished rollout of 5.12.3 per type. Answers how many versions it stored; 0 when done before.
 */
export async function seedVersions(
  db: Db,
  media: MediaStorage,
  seed: number,
  work: WorkArea,
): Promise<number> {
  const [done] = await db.select().from(t.meta).where(eq(t.meta.key, 'seed-versions'));
  if (done) return 0;
  const types = (await db.selectDistinct({ type: t.series.deviceType }).from(t.series))
    .map((row) => row.type)
    .sort();
  const releases: [VersionKind, readonly string[]][] = [
    ['software', SOFTWARE_VERSIONS],
    ['database', DATABASE_VERSIONS],
  ];
  const folder = await work.folder('seed-versions-');
  let stored = 0;
  try {
    for (const [typeIndex, type] of types.entries()) {
      const random = new SeededRandom(derivedSeed(seed, 'versions-of-type', typeIndex));
      let rolledOut: { id: number; at: Date } | null = null;
      for (const [kind, numbers] of releases)
        for (const [index, number] of numbers.entries()) {
          const uploadedAt = new Date(
            Date.now() - (30 + (numbers.length - 1 - index) * RELEASE_EVERY_DAYS) * DAY,
          );
          const notes =
            kind === 'software'
              ? (SOFTWARE_NOTES[number] ?? '')
              : `Vehicle data of ${number}: new models, TPMS sensor references and torque values.`;
          const fileName = `${type.toLowerCase()}-${kind}-${number}.zip`;
          const file = path.join(folder.path, fileName);
          await writePackage(file, type, number, kind, notes, random);
          const content = await readZipContent(file, VERSION_CONTENT_MAX_ENTRIES);
          const sha256 = await sha256Of(file);
          const { size } = await stat(file);
          const mediaKey = `versions/${type}/${number}-demo/${fileName}`;
          await media.putFile(mediaKey, file);
          const [row] = await db
            .insert(t.versions)
            .values({
              deviceType: type,
              kind,
              number,
              fileName,
              size,
              sha256,
              mediaKey,
              content,
              notes,
              availability: number.includes('-') ? 'early' : 'general',
              uploadedAt,
              uploadedBy: random.pick(UPLOADERS),
            })
            .onConflictDoNothing()
            .returning({ id: t.versions.id });
          if (row) stored++;
          if (row && number === ROLLED_OUT) rolledOut = { id: row.id, at: uploadedAt };
        }
      if (rolledOut) await seedRollout(db, type, rolledOut.id, rolledOut.at, random);
    }
  } finally {
    await folder.release();
  }
  await db
    .insert(t.meta)
    .values({ key: 'seed-versions', value: { versions: stored } })
    .onConflictDoNothing();
  return stored;
}
