import { z } from 'zod';

export const CERTIFICATE_STATUSES = ['Ok', 'Warning', 'Urgent', 'Expired'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** Days of validity left at which a certificate turns Warning, then Urgent. */
export const WARNING_DAYS = 30;
export const URGENT_DAYS = 7;
const DAY_MS = 86_400_000;

export interface CertificateFacts {
  endOfValidityDate: Date;
  /** Outcome of the calibration check: true pass, false fail, null unknown. */
  checkPassed: boolean | null;
}

export function daysBeforeInvalidCalibration(endOfValidityDate: Date, now: Date): number {
  return Math.floor((endOfValidityDate.getTime() - now.getTime()) / DAY_MS);
}

/**
 * A device's calibration status from its latest certificate: expired validity or a failed check is
 * Expired; otherwise Urgent within 7 days, Warning within 30, else Ok. No certificate: no status.
 */
export function certificateStatus(
  certificate: CertificateFacts | null,
  now: Date = new Date(),
): CertificateStatus | null {
  if (!certificate) return null;
  const days = daysBeforeInvalidCalibration(certificate.endOfValidityDate, now);
  if (days < 0 || certificate.checkPassed === false) return 'Expired';
  if (days <= URGENT_DAYS) return 'Urgent';
  if (days <= WARNING_DAYS) return 'Warning';
  return 'Ok';
}

/** Job result codes (jobs §3): validCal 0 unknown, 1 valid, 2 expired; validChk 0 unknown, 1 pass, 2 fail. */
export function calibrationDisplay(validCal: number, validChk: number): 'Ok' | 'Expired' | null {
  if (validCal === 1) return validChk === 2 ? 'Expired' : 'Ok';
  if (validCal === 2) return 'Expired';
  return null;
}

/** Spec §3 colours. */
export const CERTIFICATE_COLOURS: Record<CertificateStatus, string> = {
  Ok: 'green',
  Warning: 'yellow',
  Urgent: 'red',
  Expired: 'dark',
};

export const certificateValiditySchema = z.object({
  serialNumber: z.string(),
  status: z.enum(CERTIFICATE_STATUSES).nullable(),
  daysBeforeInvalidCalibration: z.number().int().nullable(),
  endOfValidityDate: z.string().nullable(),
  lastCalibrationDate: z.string().nullable(),
  activationDate: z.string().nullable(),
});
export type CertificateValidity = z.infer<typeof certificateValiditySchema>;
