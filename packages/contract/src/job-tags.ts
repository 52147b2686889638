import { z } from 'zod';
import { JOB_TAG_MAX_LENGTH } from './jobs.ts';

/**
 * The tags a report layout may name (jobs spec §5: "a string known to the supported tag list"), with
 * what the console does with each. What each tag means is in docs/jobs.md; a device may write others,
 * which ride along in the job's data and show under "show all tags".
 */
export interface JobTagDefinition {
  /** A person may correct it after the job (`PATCH /api/Jobs/{id}`, feature JOBS.EDIT). */
  editable?: true;
  /** How an edited value is checked. */
  pattern?: RegExp;
  /** What a pattern failure says. */
  patternMessage?: string;
}

/** A VIN: 17 characters, letters I, O and Q excluded (ISO 3779). */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

export const JOB_TAG_CATALOGUE = {
  JID: {},
  VIN: {
    editable: true,
    pattern: VIN_PATTERN,
    patternMessage: 'must be 17 letters and digits, without I, O or Q',
  },
  MK: { editable: true },
  MD: { editable: true },
  YE: { editable: true, pattern: /^(19|20)\d{2}$/, patternMessage: 'must be a year such as 2024' },
  RO: { editable: true },
  NOTE: { editable: true },
  CR: {},
  BAC: {},
  PN: {},
  VOLTAGE: {},
  SOH: {},
  SOC: {},
  WARRANTYCODE: {},
  TEMP: {},
  TYRES: {},
  TREAD: {},
  TORQUES: {},
  ALIGNMENT: {},
  DTC: {},
} as const satisfies Record<string, JobTagDefinition>;

export type JobTag = keyof typeof JOB_TAG_CATALOGUE;
export const JOB_TAGS = Object.keys(JOB_TAG_CATALOGUE) as JobTag[];
export const isJobTag = (tag: string): tag is JobTag => Object.hasOwn(JOB_TAG_CATALOGUE, tag);

/** `GET /api/Jobs/EditableTags` answers these. */
export const EDITABLE_JOB_TAGS = JOB_TAGS.filter((tag) => 'editable' in JOB_TAG_CATALOGUE[tag]);
export const isEditableJobTag = (tag: string) => (EDITABLE_JOB_TAGS as readonly string[]).includes(tag);

/** The longest note a person may write on a job. */
export const JOB_NOTE_MAX_LENGTH = 500;

function tagValueSchema(tag: string) {
  const definition: JobTagDefinition = isJobTag(tag) ? JOB_TAG_CATALOGUE[tag] : {};
  const max = tag === 'NOTE' ? JOB_NOTE_MAX_LENGTH : JOB_TAG_MAX_LENGTH;
  let text = tag === 'VIN' ? z.string().trim().toUpperCase().max(max) : z.string().trim().max(max);
  if (definition.pattern) {
    const pattern = definition.pattern;
    text = text.refine((value) => value === '' || pattern.test(value), {
      message: definition.patternMessage ?? 'is not valid',
    });
  }
  // null or an empty text removes the tag from the job.
  return text.nullable();
}

/**
 * `PATCH /api/Jobs/{id}` (jobs spec §7: a nested object of edited tags): `{ data: { RO: "…" } }`.
 * Only editable tags; a value is a text (trimmed, VIN upper-cased by the console), or null to remove it.
 */
export const jobEditSchema = z.strictObject({
  data: z
    .strictObject(Object.fromEntries(EDITABLE_JOB_TAGS.map((tag) => [tag, tagValueSchema(tag).optional()])))
    .refine((data) => Object.values(data).some((value) => value !== undefined), {
      message: 'must name at least one tag',
    }),
});
export type JobEdit = { data: Partial<Record<JobTag, string | null>> };

/** A tag's value is "blank" (jobs spec §4): missing, null, or a text of spaces alone. */
export function isBlankTagValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** The edited tags that change the job: equal values and blank-for-missing are not changes. */
export function changedTags(
  data: Readonly<Record<string, unknown>>,
  edited: Readonly<Record<string, string | null>>,
): Record<string, string | null> {
  const changes: Record<string, string | null> = {};
  for (const [tag, raw] of Object.entries(edited)) {
    const value = raw === null || raw.trim() === '' ? null : raw.trim();
    const before = isBlankTagValue(data[tag]) ? null : data[tag];
    if (value !== before) changes[tag] = value;
  }
  return changes;
}
