import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import {
  certificateRegisterSchema,
  certificateReviewSchema,
  endOfValidity,
  type CertificateReview,
  type RoleCode,
} from '@fleet/contract';
import type { SeededRandom } from '@fleet/device-kit/random';
import { documentFromTemplate } from '../modules/certificates/templates.ts';
import type { MediaStorage } from '../lib/media-storage.ts';
import type { SignedInUser } from '../lib/signed-in-user.ts';
import type { Db } from '../db/client.ts';
import * as t from '../db/schema.ts';
import type { AuditRow, HistoryEntry } from './audit-history.ts';
import { drawDistinct } from './draw.ts';

/**
 * The demo's certificate registrations (demo/seed-certificates.ts): written as `registerCertificate` writes
 * them, then assigned and reviewed as `assignCertificate` and `reviewCertificate` leave them.
 */

const DAY = 86_400_000;

interface Laboratory {
  name: string;
  /** Its certificates' numbers: prefix, year, sequence. */
  prefix: string;
  registeredBy: RoleCode;
}
const OWN_LAB: Laboratory = {
  name: 'Fleet Instruments calibration lab',
  prefix: 'FI',
  registeredBy: 'support-user',
};
/** An outside laboratory, which sends its certificates before the devices are named. */
const OUTSIDE_LAB: Laboratory = {
  name: 'Northwind Calibration Services',
  prefix: 'NCS',
  registeredBy: 'factory-user',
};

interface RegistrationPlan {
  daysAgo: number;
  checkPassed: 'true' | 'false' | 'unknown';
  /** The device is named at registration (undefined), assigned that many days later, or not yet (null). */
  assignedAfterDays?: number | null;
  /** Quality's review, a day after the device is known. */
  review?: CertificateReview;
}

const REGISTRATIONS: readonly RegistrationPlan[] = [
  { daysAgo: 0.2, checkPassed: 'true' },
  { daysAgo: 0.9, checkPassed: 'true' },
  { daysAgo: 1.6, checkPassed: 'unknown' },
  { daysAgo: 2.7, checkPassed: 'true' },
  { daysAgo: 12.4, checkPassed: 'true', review: { quality: 'approved' } },
  { daysAgo: 8.1, checkPassed: 'true', review: { quality: 'approved' } },
  // The check failed: approved all the same, the certificate says the device is out of tolerance.
  { daysAgo: 5.3, checkPassed: 'false', review: { quality: 'approved' } },
  {
    daysAgo: 10.2,
    checkPassed: 'true',
    review: {
      quality: 'rejected',
      note: 'The measured values are missing from the document: ask the laboratory for its full report.',
    },
  },
  {
    daysAgo: 6.5,
    checkPassed: 'true',
    review: { quality: 'rejected', note: 'The signature page of the document is missing.' },
  },
  { daysAgo: 2.2, checkPassed: 'true', assignedAfterDays: null },
  { daysAgo: 4.4, checkPassed: 'true', assignedAfterDays: null },
  { daysAgo: 7.1, checkPassed: 'unknown', assignedAfterDays: null },
  { daysAgo: 15.3, checkPassed: 'true', assignedAfterDays: 2, review: { quality: 'approved' } },
  { daysAgo: 11.6, checkPassed: 'true', assignedAfterDays: 1.5 },
];
const REVIEWERS: readonly RoleCode[] = ['factory-manager', 'support-manager'];
const ASSIGNER: RoleCode = 'support-user';

/** Who the registrations need. */
export const REGISTRATION_ROLES: readonly RoleCode[] = [
  OWN_LAB.registeredBy,
  OUTSIDE_LAB.registeredBy,
  ASSIGNER,
  ...REVIEWERS,
];

const day = (date: Date) => date.toISOString().slice(0, 10);
const midnight = (date: string) => new Date(`${date}T00:00:00Z`);

type Device = { id: number; serialNumber: string; deviceType: string; companyId: string | null };

/** Activated devices of customers, in a stable order. */
async function calibratedDevices(db: Db): Promise<Device[]> {
  return db
    .select({
      id: t.series.id,
      serialNumber: t.series.serialNumber,
      deviceType: t.series.deviceType,
      companyId: t.series.companyId,
    })
    .from(t.series)
    .where(
      and(eq(t.series.deviceStatus, 'A'), isNotNull(t.series.activationDate), isNotNull(t.series.companyId)),
    )
    .orderBy(asc(t.series.id));
}
interface Registered {
  row: typeof t.certificates.$inferInsert;
  history: HistoryEntry[];
}

interface RegistrationContext {
  device: Device;
  sequence: number;
  random: SeededRandom;
  now: Date;
  users: Map<RoleCode, SignedInUser>;
}

/** When the device was named: at registration, some days later, or not yet (null). */
function assignedAt(plan: RegistrationPlan, registeredAt: Date): Date | null {
  if (plan.assignedAfterDays === undefined) return registeredAt;
  if (plan.assignedAfterDays === null) return null;
  return new Date(registeredAt.getTime() + plan.assignedAfterDays * DAY);
}

/** The registration's fields as the register form sends them, checked by the same schema. */
function registrationFields(plan: RegistrationPlan, lab: Laboratory, context: RegistrationContext) {
  const registeredAt = new Date(context.now.getTime() - plan.daysAgo * DAY);
  const serialNumber = context.device.serialNumber;
  const fields = certificateRegisterSchema.parse({
    number: `${lab.prefix}-${registeredAt.getUTCFullYear()}-${String(context.sequence).padStart(5, '0')}`,
    ...(lab === OWN_LAB ? { serialNumber } : {}),
    documentSerialNumber: serialNumber,
    calibrationDate: day(new Date(registeredAt.getTime() - context.random.int(0, 3) * DAY)),
    checkPassed: plan.checkPassed,
    laboratory: lab.name,
  });
  const checkPassed = fields.checkPassed === 'unknown' ? null : fields.checkPassed === 'true';
  return { fields, registeredAt, end: endOfValidity(fields), checkPassed };
}

/** A registration with its device writes the document from the template, as `registerCertificate` does. */
async function storedDocument(
  db: Db,
  media: MediaStorage,
  device: Device,
  certificate: Parameters<typeof documentFromTemplate>[2],
): Promise<string | null> {
  const written = await documentFromTemplate(db, device, certificate);
  if (!written) return null;
  const key = `certificates/${randomUUID()}.pdf`;
  await media.put(key, written);
  return key;
}

/** One registration as `registerCertificate` writes it, then its assignment and review, with their audit entries. */
async function registration(
  db: Db,
  media: MediaStorage,
  plan: RegistrationPlan,
  context: RegistrationContext,
): Promise<Registered> {
  const { device, users } = context;
  const lab = plan.assignedAfterDays === undefined ? OWN_LAB : OUTSIDE_LAB;
  const { fields, registeredAt, end, checkPassed } = registrationFields(plan, lab, context);
  const number = fields.number;
  const named = fields.serialNumber !== undefined;
  const documentKey = named
    ? await storedDocument(db, media, device, {
        number,
        calibrationDate: fields.calibrationDate,
        endOfValidityDate: end,
        checkPassed,
        laboratory: lab.name,
      })
    : null;
  const registrar = users.get(lab.registeredBy)!;
  const history: HistoryEntry[] = [
    {
      at: registeredAt,
      actor: registrar,
      action: 'certificate.register',
      details: { number, serialNumber: fields.serialNumber ?? null, endOfValidityDate: end },
    },
  ];
  const assigned = assignedAt(plan, registeredAt);
  if (assigned && !named)
    history.push({
      at: assigned,
      actor: users.get(ASSIGNER)!,
      action: 'certificate.assign',
      details: { number, from: null, to: device.serialNumber },
    });
  const review = plan.review && assigned ? certificateReviewSchema.parse(plan.review) : undefined;
  if (review)
    history.push({
      at: new Date(assigned!.getTime() + DAY),
      actor: users.get(context.random.pick(REVIEWERS))!,
      action: 'certificate.quality',
      details: { number, serialNumber: device.serialNumber, ...review },
    });
  return {
    row: {
      seriesId: assigned ? device.id : null,
      number,
      calibrationDate: midnight(fields.calibrationDate),
      endOfValidityDate: midnight(end),
      checkPassed,
      laboratory: lab.name,
      documentSerialNumber: device.serialNumber,
      documentKey,
      quality: review?.quality ?? 'pending',
      qualityNote: review?.note ?? null,
      registeredBy: registrar.name,
      registeredAt,
    },
    history,
  };
}

/** The registrations, in one insert, and their audit entries. */
export async function seedRegistrations(
  db: Db,
  media: MediaStorage,
  random: SeededRandom,
  now: Date,
  users: Map<RoleCode, SignedInUser>,
) {
  const devices = drawDistinct(random, await calibratedDevices(db), REGISTRATIONS.length);
  const first = random.int(1000, 60000);
  const registered: Registered[] = [];
  for (const [index, device] of devices.entries()) {
    const context = { device, sequence: first + index * 7, random, now, users };
    registered.push(await registration(db, media, REGISTRATIONS[index]!, context));
  }
  if (registered.length === 0) return { ids: [], audit: [] };
  const rows = await db
    .insert(t.certificates)
    .values(registered.map((r) => r.row))
    .returning({ id: t.certificates.id, number: t.certificates.number });
  const idOf = new Map(rows.map((row) => [row.number, String(row.id)]));
  const audit: AuditRow[] = registered.flatMap((r) =>
    r.history.map((entry) => ({
      ...entry,
      subjectType: 'certificate' as const,
      subjectId: idOf.get(r.row.number)!,
    })),
  );
  return { ids: rows.map((row) => row.id), audit };
}
