import { z } from 'zod';

/** Versions and rollouts (docs/versions.md): the rules both sides share. */

/** The longest device type (spec §3 `typeMaxLength`): the column's length. */
export const DEVICE_TYPE_MAX_LENGTH = 32;
export const DEVICE_TYPE_PATTERN = /^[A-Z0-9][A-Z0-9-]*$/;

export const VERSION_KINDS = ['software', 'database'] as const;
export type VersionKind = (typeof VERSION_KINDS)[number];

/** general: offered through rollouts; early: to early-access devices; withdrawn: to none. */
export const VERSION_AVAILABILITIES = ['general', 'early', 'withdrawn'] as const;
export type VersionAvailability = (typeof VERSION_AVAILABILITIES)[number];

export const VERSION_FILE_MAX_BYTES = 512 * 1024 * 1024;

/**
 * `major.minor.patch` or `major.minor` (database versions are dated, `2025.07`), an optional `-tag`
 * (letters, digits, dots): `2.4.1`, `3.0.0-beta.2`, `2025.07`.
 */
const VERSION_PATTERN = /^(\d{1,5})\.(\d{1,5})(?:\.(\d{1,5}))?(?:-([0-9A-Za-z.]{1,20}))?$/;

export interface VersionNumber {
  major: number;
  minor: number;
  patch: number;
  /** A pre-release tag: it comes before the same number without one. */
  tag: string | null;
}

export function parseVersionNumber(text: string): VersionNumber | null {
  const match = VERSION_PATTERN.exec(text.trim());
  if (!match) return null;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: Number(match[3] ?? 0),
    tag: match[4] ?? null,
  };
}

export const versionNumberSchema = z
  .string()
  .trim()
  .max(32)
  .refine((text) => parseVersionNumber(text) !== null, {
    message:
      'must be major.minor.patch or major.minor, with an optional -tag (such as 2.4.1, 3.0.0-beta.2 or 2025.07)',
  });

/** Negative when a is older than b, 0 when the same, positive when newer; an unreadable one is oldest. */
export function compareVersions(a: string, b: string): number {
  const left = parseVersionNumber(a);
  const right = parseVersionNumber(b);
  if (!left || !right) return left ? 1 : right ? -1 : 0;
  const parts = left.major - right.major || left.minor - right.minor || left.patch - right.patch;
  if (parts !== 0) return parts;
  if (left.tag === right.tag) return 0;
  if (left.tag === null) return 1;
  if (right.tag === null) return -1;
  return left.tag.localeCompare(right.tag, 'en', { numeric: true });
}

export interface OfferableVersion {
  number: string;
  availability: VersionAvailability;
}

/**
 * The version a device is offered outside a rollout (docs/versions.md): an early-access device gets the
 * newest early version newer than its own; any other device nothing (general versions go by rollouts).
 */
export function earlyAccessOffer<T extends OfferableVersion>(
  versions: readonly T[],
  current: string | null,
  earlyAccess: boolean,
): T | null {
  if (!earlyAccess) return null;
  const newer = versions.filter(
    (version) =>
      version.availability === 'early' && (current === null || compareVersions(version.number, current) > 0),
  );
  return newer.reduce<T | null>(
    (best, version) => (!best || compareVersions(version.number, best.number) > 0 ? version : best),
    null,
  );
}

/**
 * What a technician may install on a device plugged in (docs/hub.md): the newest version newer than its
 * own that is generally available, or early when the device takes early access.
 */
export function newestInstallable<T extends OfferableVersion>(
  versions: readonly T[],
  current: string | null,
  earlyAccess: boolean,
): T | null {
  const newer = versions.filter(
    (version) =>
      (version.availability === 'general' || (earlyAccess && version.availability === 'early')) &&
      (current === null || compareVersions(version.number, current) > 0),
  );
  return newer.reduce<T | null>(
    (best, version) => (!best || compareVersions(version.number, best.number) > 0 ? version : best),
    null,
  );
}

export const deviceTypeNameSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1)
  .max(DEVICE_TYPE_MAX_LENGTH)
  .regex(DEVICE_TYPE_PATTERN, 'must be letters, digits and dashes, starting with a letter or a digit');

export const deviceTypeSchema = z.object({
  type: z.string(),
  /** Devices of this type (the whole fleet: versions are the maker's business). */
  devices: z.number().int(),
  /** Declared ahead of its devices (`POST /Updates/DeviceTypes/{type}`): it may be deleted while it has none. */
  declared: z.boolean(),
});
export type DeviceType = z.infer<typeof deviceTypeSchema>;

/** Spec §3: the device type list answer. */
export const deviceTypeListAnswerSchema = z.object({
  deviceTypes: z.array(deviceTypeSchema),
  totalCount: z.number().int(),
  typeMaxLength: z.number().int(),
});

export const versionAvailabilitySchema = z.enum(VERSION_AVAILABILITIES);
export const versionKindSchema = z.enum(VERSION_KINDS);

/** The subject of an update history entry for each kind (the device page's column). */
export const UPDATE_SUBJECTS: Record<VersionKind, string> = { software: 'Software', database: 'Database' };

/** One version of a device type (docs/versions.md). */
export const versionSchema = z.object({
  number: z.string(),
  kind: versionKindSchema,
  fileName: z.string(),
  size: z.number().int(),
  /** SHA-256 of the file, hexadecimal. */
  sha256: z.string(),
  notes: z.string(),
  uploadedAt: z.string(),
  uploadedBy: z.string(),
  availability: versionAvailabilitySchema,
  /** Devices of the type that run it now. */
  devices: z.number().int(),
  /** Devices whose update to it started and has not ended. */
  updating: z.number().int(),
  /** A running or paused rollout sends it. */
  inRollout: z.boolean(),
});
export type Version = z.infer<typeof versionSchema>;

/** `GET /Updates/DeviceTypes/{type}`: the type and its versions, newest first per kind. */
export const deviceTypeDetailSchema = deviceTypeSchema.extend({ versions: z.array(versionSchema) });
export type DeviceTypeDetail = z.infer<typeof deviceTypeDetailSchema>;

export const VERSION_NOTES_MAX_LENGTH = 4000;
/** The text fields of an upload, sent before its file. */
export const versionUploadFieldsSchema = z.object({
  number: versionNumberSchema,
  kind: versionKindSchema,
  notes: z.string().trim().max(VERSION_NOTES_MAX_LENGTH).default(''),
  availability: z.enum(['general', 'early']).default('general'),
});
export type VersionUploadFields = z.input<typeof versionUploadFieldsSchema>;

export const versionAvailabilityBodySchema = z.object({ availability: versionAvailabilitySchema });

/** What is inside a version's file: an archive's entries, read from its central directory. */
export const versionContentEntrySchema = z.object({
  name: z.string(),
  size: z.number().int(),
  compressedSize: z.number().int(),
  modifiedAt: z.string().nullable(),
});
export const VERSION_CONTENT_MAX_ENTRIES = 2000;
export const versionContentSchema = z.object({
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** A zip archive (its entries listed); otherwise a single file. */
  archive: z.boolean(),
  entries: z.array(versionContentEntrySchema),
  /** More entries than the listing keeps (VERSION_CONTENT_MAX_ENTRIES). */
  truncated: z.boolean(),
});
export type VersionContent = z.infer<typeof versionContentSchema>;

/** A signed link to a version's file, valid 15 minutes. */
export const versionDownloadLinkSchema = z.object({
  mediaLink: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});

/** How an update a device runs goes: started, progress…, then succeeded or failed. */
export const UPDATE_STATES = ['started', 'progress', 'succeeded', 'failed'] as const;
export type UpdateState = (typeof UPDATE_STATES)[number];
/** The states an update history entry is in: the last report of its attempt. */
export const UPDATE_ENTRY_STATES = ['running', 'succeeded', 'failed'] as const;
export type UpdateEntryState = (typeof UPDATE_ENTRY_STATES)[number];

/** Device protocol: a version offered to the device, with where to get it. */
export const updateOfferSchema = z.object({
  kind: versionKindSchema,
  version: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** A signed link valid 15 minutes: ask again for a fresh one. */
  url: z.string(),
  notes: z.string(),
  /** The rollout that offers it; null for an early-access offer. */
  rolloutId: z.number().int().nullable(),
});
export type UpdateOffer = z.infer<typeof updateOfferSchema>;
export const updateOffersAnswerSchema = z.object({ offers: z.array(updateOfferSchema) });

/** Device protocol: what a device reports of an update. */
export const updateReportSchema = z.object({
  kind: versionKindSchema,
  version: versionNumberSchema,
  state: z.enum(UPDATE_STATES),
  percent: z.number().int().min(0).max(100).optional(),
  details: z.string().trim().max(500).optional(),
  /** Who started it on the device, when a person did. */
  username: z.string().trim().max(128).optional(),
});
export type UpdateReport = z.infer<typeof updateReportSchema>;
