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

/** `major.minor.patch`, an optional `-tag` (letters, digits, dots): `2.4.1`, `3.0.0-beta.2`. */
const VERSION_PATTERN = /^(\d{1,5})\.(\d{1,5})\.(\d{1,5})(?:-([0-9A-Za-z.]{1,20}))?$/;

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
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), tag: match[4] ?? null };
}

export const versionNumberSchema = z
  .string()
  .trim()
  .max(32)
  .refine((text) => parseVersionNumber(text) !== null, {
    message: 'must be major.minor.patch, with an optional -tag (such as 2.4.1 or 3.0.0-beta.2)',
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

/** Wave sizes after the early-access wave, as shares of the rest: 5 %, 25 %, then all. */
export const DEFAULT_WAVE_PERCENTS = [5, 25, 100] as const;
export const DEFAULT_FAILURE_THRESHOLD_PERCENT = 10;

/**
 * The devices of each wave: the early-access ones first (when there are any), then the others, in the
 * order given (shuffled once by the caller), cut at cumulative percentages of them. Every device is in
 * exactly one wave; a wave of no device is left out.
 */
export function planWaves<T>(
  devices: readonly T[],
  isEarly: (device: T) => boolean,
  percents: readonly number[],
): T[][] {
  const early = devices.filter(isEarly);
  const rest = devices.filter((device) => !isEarly(device));
  const waves: T[][] = early.length > 0 ? [early] : [];
  let taken = 0;
  for (const percent of percents) {
    const until =
      percent >= 100 ? rest.length : Math.max(taken + 1, Math.ceil((rest.length * percent) / 100));
    const wave = rest.slice(taken, Math.min(until, rest.length));
    if (wave.length > 0) waves.push(wave);
    taken += wave.length;
  }
  if (taken < rest.length) waves.push(rest.slice(taken));
  return waves;
}

export interface WaveCounts {
  devices: number;
  succeeded: number;
  failed: number;
}

/** The failure rate of a wave, in percent of the devices that answered. */
export function waveFailurePercent(counts: WaveCounts): number {
  const answered = counts.succeeded + counts.failed;
  return answered === 0 ? 0 : (counts.failed * 100) / answered;
}

/** What a wave's counts mean for the rollout: wait, go on to the next wave, or stop. */
export function waveOutcome(
  counts: WaveCounts,
  thresholdPercent: number,
  windowEnded: boolean,
): 'waiting' | 'passed' | 'stop' {
  if (
    counts.failed > 0 &&
    waveFailurePercent(counts) > thresholdPercent &&
    counts.succeeded + counts.failed >= Math.min(counts.devices, 5)
  )
    return 'stop';
  const done = counts.succeeded + counts.failed >= counts.devices;
  if (!done && !windowEnded) return 'waiting';
  return waveFailurePercent(counts) > thresholdPercent ? 'stop' : 'passed';
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
