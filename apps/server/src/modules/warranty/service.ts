import { decodeWarrantyCode, deviceFingerprint, type WarrantyDecodeAnswer } from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { findJobByWarrantyCode } from '../jobs/service.ts';

export interface WarrantyReferences {
  ro?: string | undefined;
  bac?: string | undefined;
  vin?: string | undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** A reference given, compared with the job's, without regard to case or spaces around it. */
function matches(given: string | undefined, own: string | null): boolean | null {
  if (!given?.trim() || own === null) return null;
  return given.trim().toUpperCase() === own.toUpperCase();
}

/**
 * Decodes a warranty code (docs/company-tools.md): its parts, the job that carries it and its device,
 * and the job's references compared with those given. A job outside the user's scope is not found,
 * as an unknown one.
 */
export async function decodeWarranty(
  db: Db,
  user: SignedInUser,
  input: string,
  references: WarrantyReferences,
): Promise<WarrantyDecodeAnswer> {
  const decoded = decodeWarrantyCode(input);
  const none = { ro: null, bac: null, vin: null };
  if (!decoded.valid)
    return {
      code: decoded.code,
      valid: false,
      problem: decoded.problem,
      day: null,
      claim: null,
      job: null,
      device: null,
      deviceMatches: null,
      matches: none,
    };
  const found = await findJobByWarrantyCode(db, user, decoded.code);
  const job = found?.job;
  const own = job ? { ro: text(job.data.RO), bac: text(job.data.BAC), vin: text(job.data.VIN) } : null;
  return {
    code: decoded.code,
    valid: true,
    problem: null,
    day: decoded.day,
    claim: decoded.claim,
    job:
      job && own
        ? {
            id: job.id,
            archived: found.archived,
            beginDate: job.beginDate,
            workflow: job.workflow,
            ...own,
          }
        : null,
    device: job ? { serialNumber: job.serialNumber, deviceType: job.deviceType } : null,
    deviceMatches: job ? deviceFingerprint(job.serialNumber) === decoded.fingerprint : null,
    matches: own
      ? {
          ro: matches(references.ro, own.ro),
          bac: matches(references.bac, own.bac),
          vin: matches(references.vin, own.vin),
        }
      : none,
  };
}
