import type { CertificateValidity } from './certificates.ts';

/**
 * Why a device's calibration has the status it has (spec §4), so that the words match the rule:
 * - `check_failed`: the certificate is still valid but its calibration check failed: Expired all the same,
 *   told with the calibration date, never as "ended on" a date still to come;
 * - `ended`: the validity ran out on `date`;
 * - `valid`: `days` left, valid until `date`;
 * - null: no certificate, no status.
 */
export type CalibrationReading =
  | { reason: 'check_failed'; date: string | null }
  | { reason: 'ended'; date: string | null }
  | { reason: 'valid'; days: number | null; date: string | null };

export function calibrationReading(
  validity: CertificateValidity | undefined | null,
  now: Date = new Date(),
): CalibrationReading | null {
  if (!validity?.status) return null;
  const { status, daysBeforeInvalidCalibration: days, endOfValidityDate: end } = validity;
  if (status !== 'Expired') return { reason: 'valid', days, date: end };
  const stillValid = days !== null ? days >= 0 : end !== null && new Date(end).getTime() > now.getTime();
  return stillValid
    ? { reason: 'check_failed', date: validity.lastCalibrationDate }
    : { reason: 'ended', date: end };
}
