import { asc, isNotNull } from 'drizzle-orm';
import { ASSOCIATION_MODES, ASSOCIATION_STATUSES, ASSOCIATION_SUBJECTS } from '@fleet/contract';
import { JOB_RETENTION_DAYS } from '../modules/jobs/archive.ts';
import { insertJobs, type NewJob } from '../modules/jobs/store.ts';
import type { Db } from '../db/client.ts';
import { derivedSeed } from '@fleet/device-kit/demo-fleet';
import { demoJob, type JobDevice } from '@fleet/device-kit/demo-jobs';
import { SeededRandom } from '@fleet/device-kit/random';
import { DEMO_VEHICLE_JOBS, seedDemoBatteries, seedDemoVehicles } from './seed-vindb.ts';
import * as t from '../db/schema.ts';

const DAY = 86_400_000;
/** The demo jobs spread over the two years before the seed's instant. */
const SPAN_MINUTES = (730 * DAY) / 60_000;
/** Jobs per demo device when the seed is not told how many. */
export const JOBS_PER_DEVICE = 15;
/** Jobs per transaction: small enough not to hold other queries up long while the server answers. */
const CHUNK = 2000;

interface ActiveDevice extends JobDevice {
  id: number;
  companyId: string | null;
  groupId: number | null;
  activationDate: Date;
}

async function activeDevices(db: Db): Promise<ActiveDevice[]> {
  const rows = await db
    .select({
      id: t.series.id,
      serialNumber: t.series.serialNumber,
      deviceType: t.series.deviceType,
      companyId: t.series.companyId,
      groupId: t.series.groupId,
      activationDate: t.series.activationDate,
    })
    .from(t.series)
    .where(isNotNull(t.series.activationDate))
    .orderBy(asc(t.series.id));
  return rows.map((row) => ({ ...row, activationDate: row.activationDate! }));
}

/** Job `index` of the demo fleet: which device ran it, and when (never before its activation). */
function placedJob(seed: number, index: number, devices: readonly ActiveDevice[], now: Date): NewJob {
  const random = new SeededRandom(derivedSeed(seed, 'job-place', index));
  const device = random.pick(devices);
  const at = now.getTime() - random.int(0, SPAN_MINUTES) * 60_000;
  const begin = new Date(Math.max(at, device.activationDate.getTime() + random.int(1, 600) * 60_000));
  const job = demoJob(seed, index, device, new Date(Math.min(begin.getTime(), now.getTime())));
  return {
    ...job,
    seriesId: device.id,
    companyId: device.companyId,
    groupId: device.groupId,
    deviceType: device.deviceType,
    postedDate: new Date(Math.min(job.postedDate.getTime(), now.getTime())),
  };
}

/**
 * Jobs `from` to `to` of the demo fleet, where the archive task would have put them: those older than
 * the retention period archived (synthetic ones that old are gone). Written in chunks so that millions
 * fit in memory.
 */
export async function seedJobs(
  db: Db,
  seed: number,
  from: number,
  to: number,
  now: Date,
  reached: (tx: Db, count: number) => Promise<void>,
): Promise<void> {
  const devices = await activeDevices(db);
  if (devices.length === 0 || to <= from) return;
  const cutoff = now.getTime() - JOB_RETENTION_DAYS * DAY;
  const old = (job: NewJob) => job.beginDate.getTime() < cutoff;
  // The vehicles of the jobs take these batteries.
  if (from < DEMO_VEHICLE_JOBS) await seedDemoBatteries(db);
  for (let start = from; start < to; start += CHUNK) {
    const end = Math.min(to, start + CHUNK);
    const rows = Array.from({ length: end - start }, (_, k) => placedJob(seed, start + k, devices, now));
    await db.transaction(async (tx) => {
      await insertJobs(
        tx as unknown as Db,
        rows.filter((job) => !old(job)),
      );
      await insertJobs(
        tx as unknown as Db,
        rows.filter((job) => old(job) && !job.synthetic),
        'archived_jobs',
      );
      await seedDemoVehicles(tx as unknown as Db, seed, start, rows);
      await reached(tx as unknown as Db, end);
    });
  }
}

/** Hand-overs of devices' jobs over the past two years, in every status (docs/jobs.md). */
export async function seedAssociations(db: Db, seed: number, count: number, now: Date): Promise<void> {
  const devices = await activeDevices(db);
  if (devices.length === 0) return;
  const stores = await db.select({ id: t.stores.id, companyId: t.stores.companyId }).from(t.stores);
  const rows: (typeof t.jobAssociations.$inferInsert)[] = [];
  for (let index = 0; index < count; index++) {
    const random = new SeededRandom(derivedSeed(seed, 'association', index));
    const device = random.pick(devices);
    const subject = random.weighted([
      [0, 60],
      [1, 25],
      [2, 15],
    ] as const);
    const createdAt = new Date(now.getTime() - random.int(0, SPAN_MINUTES) * 60_000);
    const age = now.getTime() - createdAt.getTime();
    // Recent ones may still wait or run; older ones have ended.
    const status =
      age < DAY
        ? random.weighted([
            [0, 30],
            [1, 30],
            [2, 40],
          ] as const)
        : random.weighted([
            [2, 80],
            [3, 12],
            [4, 8],
          ] as const);
    const startedAt = status === 0 ? null : new Date(createdAt.getTime() + random.int(5, 600) * 1000);
    const terminatedAt =
      status >= 2 && startedAt ? new Date(startedAt.getTime() + random.int(2, 3600) * 1000) : null;
    const subjectStores = stores.filter((store) => store.companyId === device.companyId);
    rows.push({
      status,
      failureReason:
        ASSOCIATION_STATUSES[status] === 'Failed'
          ? random.pick([
              'The subject no longer exists',
              'The device changed company during the hand-over',
              'The database refused the hand-over: try again',
            ])
          : null,
      createdAt,
      startedAt,
      terminatedAt: terminatedAt && terminatedAt > now ? null : terminatedAt,
      seriesId: device.id,
      associationMode: random.weighted([
        [ASSOCIATION_MODES.indexOf('Automatic'), 70],
        [ASSOCIATION_MODES.indexOf('Manual'), 25],
        [ASSOCIATION_MODES.indexOf('Import'), 5],
      ] as const),
      associationSubject: subject,
      associationSubjectId:
        ASSOCIATION_SUBJECTS[subject] === 'Store'
          ? String(random.pick(subjectStores.length ? subjectStores : stores).id)
          : ASSOCIATION_SUBJECTS[subject] === 'Company'
            ? (device.companyId ?? 'FACTORY')
            : `WVW${String(random.int(10_000_000, 99_999_999))}ZZ${random.int(100_000, 999_999)}`.slice(
                0,
                17,
              ),
    });
  }
  for (let start = 0; start < rows.length; start += 500)
    await db.insert(t.jobAssociations).values(rows.slice(start, start + 500));
}
