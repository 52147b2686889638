import { and, desc, eq, inArray, or } from 'drizzle-orm';
import { certificateStatus, daysBeforeInvalidCalibration, type CertificateValidity } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { certificates, series } from '../../db/schema.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { notFound } from '../../lib/errors.ts';
import { companyScope } from '../../lib/scope.ts';
import { countsForDevice } from './counting.ts';

/** A series is named by its id or its serial number. */
function identifies(identifier: string) {
  return /^\d{1,9}$/.test(identifier)
    ? or(eq(series.id, Number(identifier)), eq(series.serialNumber, identifier))
    : eq(series.serialNumber, identifier);
}

/** Validity of the latest certificate of each visible series among these identifiers, keyed by identifier. */
export async function certificateValidities(
  db: Db,
  user: SignedInUser,
  identifiers: string[],
  now = new Date(),
): Promise<Map<string, CertificateValidity>> {
  const unique = [...new Set(identifiers)];
  if (unique.length === 0) return new Map();
  const devices = await db
    .select({ id: series.id, serialNumber: series.serialNumber, activationDate: series.activationDate })
    .from(series)
    .where(and(companyScope(user, series.companyId), or(...unique.map(identifies))));
  const latest = devices.length
    ? await db
        .selectDistinctOn([certificates.seriesId])
        .from(certificates)
        .where(
          and(
            inArray(
              certificates.seriesId,
              devices.map((d) => d.id),
            ),
            countsForDevice(certificates.quality),
          ),
        )
        .orderBy(certificates.seriesId, desc(certificates.calibrationDate))
    : [];
  const bySeries = new Map(latest.map((c) => [c.seriesId!, c]));
  const answers = new Map<string, CertificateValidity>();
  for (const device of devices) {
    const certificate = bySeries.get(device.id) ?? null;
    const validity: CertificateValidity = {
      serialNumber: device.serialNumber,
      status: certificateStatus(certificate, now),
      daysBeforeInvalidCalibration: certificate
        ? daysBeforeInvalidCalibration(certificate.endOfValidityDate, now)
        : null,
      endOfValidityDate: certificate?.endOfValidityDate.toISOString() ?? null,
      lastCalibrationDate: certificate?.calibrationDate.toISOString() ?? null,
      activationDate: device.activationDate?.toISOString() ?? null,
    };
    for (const identifier of unique) {
      if (identifier === device.serialNumber || identifier === String(device.id))
        answers.set(identifier, validity);
    }
  }
  return answers;
}

export async function certificateValidity(
  db: Db,
  user: SignedInUser,
  identifier: string,
): Promise<CertificateValidity> {
  const found = (await certificateValidities(db, user, [identifier])).get(identifier);
  if (!found) throw notFound(`No device ${identifier}`);
  return found;
}
