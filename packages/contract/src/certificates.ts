import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { tokenFilterKeys, type SearchTokenDefinition } from './search-tokens.ts';

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

/** Quality's review of a registered certificate (docs/company-tools.md). */
export const CERTIFICATE_QUALITIES = ['pending', 'approved', 'rejected'] as const;
export type CertificateQuality = (typeof CERTIFICATE_QUALITIES)[number];

/** What a device's certificates may be wrong with, as the find-issue tool filters them. */
export const CERTIFICATE_ISSUES = ['expired', 'expiring', 'missing', 'mismatch'] as const;
export type CertificateIssue = (typeof CERTIFICATE_ISSUES)[number];

export const DEFAULT_VALIDITY_MONTHS = 12;
export const CERTIFICATE_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export const certificateSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  /** The device it is assigned to; null until assigned. */
  serialNumber: z.string().nullable(),
  documentSerialNumber: z.string().nullable(),
  calibrationDate: z.string(),
  endOfValidityDate: z.string(),
  checkPassed: z.boolean().nullable(),
  laboratory: z.string().nullable(),
  quality: z.enum(CERTIFICATE_QUALITIES),
  qualityNote: z.string().nullable(),
  hasDocument: z.boolean(),
  registeredBy: z.string().nullable(),
  registeredAt: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

const day = z.iso.date('must be a day (YYYY-MM-DD)');
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .transform((value) => value || undefined)
    .optional();

/**
 * A calibration to register (the text fields of the register form; the document is a file part). Either a
 * validity in months or an end day; months by default.
 */
export const certificateRegisterSchema = z
  .object({
    number: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
    serialNumber: optionalText(32),
    documentSerialNumber: optionalText(32),
    calibrationDate: day,
    validityMonths: z.coerce.number().int().min(1).max(60).optional(),
    endOfValidityDate: day.optional(),
    checkPassed: z.enum(['true', 'false', 'unknown']).default('unknown'),
    laboratory: optionalText(200),
  })
  .refine((body) => !(body.validityMonths && body.endOfValidityDate), {
    path: ['endOfValidityDate'],
    message: 'give a validity in months or an end day, not both',
  })
  .refine((body) => !body.endOfValidityDate || body.endOfValidityDate > body.calibrationDate, {
    path: ['endOfValidityDate'],
    message: 'must be after the calibration day',
  });
export type CertificateRegistration = z.infer<typeof certificateRegisterSchema>;

/** The end of validity of a registration: the day given, or the calibration day plus the months. */
export function endOfValidity(registration: CertificateRegistration): string {
  if (registration.endOfValidityDate) return registration.endOfValidityDate;
  const end = new Date(`${registration.calibrationDate}T00:00:00Z`);
  end.setUTCMonth(end.getUTCMonth() + (registration.validityMonths ?? DEFAULT_VALIDITY_MONTHS));
  return end.toISOString().slice(0, 10);
}

export const certificateIssueSchema = z.object({
  serialNumber: z.string(),
  deviceType: z.string(),
  issue: z.enum(CERTIFICATE_ISSUES),
  status: z.enum(CERTIFICATE_STATUSES).nullable(),
  certificateNumber: z.string().nullable(),
  documentSerialNumber: z.string().nullable(),
  endOfValidityDate: z.string().nullable(),
});
export type CertificateIssueRow = z.infer<typeof certificateIssueSchema>;
/** A page of registered certificates, and how many match. */
export const certificateListAnswerSchema = z.object({
  certificates: z.array(certificateSchema),
  totalCount: z.number().int(),
});

export const certificateIssueListAnswerSchema = z.object({
  devices: z.array(certificateIssueSchema),
  totalCount: z.number().int(),
});

/** The find-issue tool's filters. */
export const CERTIFICATE_ISSUE_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Search', label: 'certificates.filters.search', kind: 'text', unique: true, order: 0 },
  {
    type: 'Issue',
    label: 'certificates.filters.issue',
    kind: 'choice',
    choices: CERTIFICATE_ISSUES,
    order: 1,
  },
];

export const CERTIFICATE_ISSUE_LIST: ListDefinition = {
  sortColumns: ['SerialNumber'],
  filters: tokenFilterKeys(CERTIFICATE_ISSUE_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

/** Who reviews registered certificates (the quality-checks tab): administrators and the managers. */
export const CERTIFICATE_QUALITY_ROLES = [
  'old-administrator',
  'administrator',
  'old-super-user',
  'support-manager',
  'factory-manager',
] as const;

export const certificateAssignmentSchema = z.object({
  serialNumber: z.string().trim().min(1, 'is required').max(32, 'must be at most 32 characters'),
});

export const certificateReviewSchema = z
  .object({
    quality: z.enum(['approved', 'rejected']),
    note: z.string().trim().max(500, 'must be at most 500 characters').optional(),
  })
  .refine((review) => review.quality === 'approved' || (review.note ?? '') !== '', {
    path: ['note'],
    message: 'is required to reject a certificate',
  });
export type CertificateReview = z.infer<typeof certificateReviewSchema>;
