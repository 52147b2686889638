import { z } from 'zod';
import type { FeatureCode } from './features.ts';

/**
 * Jobs (jobs spec §3): the records devices produce. The index-based lists of the spec are named here,
 * once: the number is what travels and is stored, the name is what the console translates
 * (`jobs.lists.<list>.<name>`). What each value means is written down in docs/jobs.md.
 */
export const JOB_STATUSES = ['Completed', 'Aborted', 'Error', 'Incomplete'] as const;
export const JOB_TYPES = ['Test', 'Check', 'Calibration', 'Diagnosis', 'Programming', 'Relearn'] as const;
/** validCal: 0 unknown, 1 valid, 2 expired. */
export const CALIBRATION_VALIDITIES = ['Unknown', 'Valid', 'Expired'] as const;
/** validChk: 0 unknown, 1 pass, 2 fail. */
export const CHECK_RESULTS = ['Unknown', 'Pass', 'Fail'] as const;
/** gresst: 1 good, 2 warning, 3 bad; any other value unknown. */
export const BATTERY_LEVELS = ['Unknown', 'Good', 'Warning', 'Bad'] as const;
export const ASSOCIATION_STATUSES = ['Pending', 'Running', 'Done', 'Failed', 'Cancelled'] as const;
export const ASSOCIATION_MODES = ['Automatic', 'Manual', 'Import'] as const;
export const ASSOCIATION_SUBJECTS = ['Store', 'Company', 'Vehicle'] as const;

/** The named lists, by the name the console's translations use. */
export const JOB_LISTS = {
  status: JOB_STATUSES,
  type: JOB_TYPES,
  validity: CALIBRATION_VALIDITIES,
  check: CHECK_RESULTS,
  battery: BATTERY_LEVELS,
  associationStatus: ASSOCIATION_STATUSES,
  associationMode: ASSOCIATION_MODES,
  associationSubject: ASSOCIATION_SUBJECTS,
} as const;
export type JobListName = keyof typeof JOB_LISTS;

/** The name of an index in a list; an index outside it is `Unknown` (spec: gresst "otherwise unknown"). */
export function jobListName(list: JobListName, index: number | null | undefined): string {
  return (index !== null && index !== undefined && JOB_LISTS[list][index]) || 'Unknown';
}

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The translation key of a named list's value in the jobs area: `lists.association_status.failed`. */
export function jobListLabelKey(list: JobListName, name: string): string {
  return `lists.${snake(list)}.${name.toLowerCase()}`;
}

/** Job list kinds (spec §3). */
export const JOB_LIST_KINDS = ['LIVE', 'ARCHIVED', 'SYNTHETIC'] as const;
export type JobListKind = (typeof JOB_LIST_KINDS)[number];

/** The feature each list kind needs: its calls, and an export of it. */
export const JOB_LIST_FEATURES = {
  LIVE: 'JOBS.LIST',
  ARCHIVED: 'JOBS.LIST.ARCHIVED',
  SYNTHETIC: 'JOBS.SYNTHETIC',
} as const satisfies Record<JobListKind, FeatureCode>;

/**
 * The tags devices write in a job's data map that the lists filter on, with their query parameter
 * (spec §7). Other tags ride along in the map.
 */
export const JOB_TAG_FILTERS = {
  VIN: 'VIN',
  RO: 'RO',
  BAC: 'BAC',
  WarrantyCode: 'WARRANTYCODE',
  MK: 'MK',
  MD: 'MD',
  YE: 'YE',
  PN: 'PN',
  CR: 'CR',
  JID: 'JID',
} as const;
export type JobTagFilter = keyof typeof JOB_TAG_FILTERS;
export const JOB_TAG_FILTER_NAMES = Object.keys(JOB_TAG_FILTERS) as JobTagFilter[];

/** The longest value a tag keeps; a longer one is cut when the job is received. */
export const JOB_TAG_MAX_LENGTH = 64;

export const jobResultSchema = z.object({
  validCal: z.number().int().min(0).max(2),
  validChk: z.number().int().min(0).max(2),
  sn: z.string(),
  gresst: z.number().int().nullable(),
});
export type JobResult = z.infer<typeof jobResultSchema>;

export const jobSchema = z.object({
  /** A string: clients keep it as it comes. */
  id: z.string(),
  workflow: z.string(),
  beginDate: z.string(),
  postedDate: z.string(),
  jobType: z.number().int(),
  jobStatus: z.number().int(),
  serialNumber: z.string(),
  deviceType: z.string(),
  user: z.string().nullable(),
  group: z.object({ groupId: z.number().int(), groupName: z.string() }).nullable(),
  /** Tags as the device wrote them: text mostly, numbers, lists and tables too. */
  data: z.record(z.string(), z.unknown()),
  result: jobResultSchema,
});
export type Job = z.infer<typeof jobSchema>;

/** `GET /Jobs` with the version header 2.0 (the default). */
export const jobListAnswerSchema = z.object({ data: z.array(jobSchema) });
/** `GET /Jobs` with the version header 1.0. */
export const jobListAnswerV1Schema = z.object({ jobs: z.array(jobSchema), totalCount: z.number().int() });
export type JobListAnswer = z.infer<typeof jobListAnswerSchema>;
export type JobListAnswerV1 = z.infer<typeof jobListAnswerV1Schema>;

/** The versions of the jobs answers (the `version` request header); absent means the newest. */
export const JOB_API_VERSIONS = ['2.0', '1.0'] as const;
export type JobApiVersion = (typeof JOB_API_VERSIONS)[number];
export const JOB_API_VERSION_HEADER = 'version';

/** Reads the version header: absent is 2.0, `2` and `2.0` are the same, anything else is refused (null). */
export function jobApiVersion(header: string | undefined): JobApiVersion | null {
  if (header === undefined || header.trim() === '') return '2.0';
  const value = header.trim();
  const normalised = /^\d+$/.test(value) ? `${value}.0` : value;
  return (JOB_API_VERSIONS as readonly string[]).includes(normalised) ? (normalised as JobApiVersion) : null;
}

/**
 * Counting a large set is bounded: past this many matches the count says "at least" (`exact: false`)
 * instead of reading every row (docs/jobs.md).
 */
export const JOB_COUNT_LIMIT = 100_000;
export const jobCountAnswerSchema = z.object({ data: z.number().int(), exact: z.boolean() });
export type JobCountAnswer = z.infer<typeof jobCountAnswerSchema>;

export const jobFiltersAnswerSchema = z.object({
  users: z.array(z.string()),
  devicesTypes: z.array(z.string()),
  groups: z.array(z.object({ groupId: z.number().int(), groupName: z.string() })),
});
export type JobFiltersAnswer = z.infer<typeof jobFiltersAnswerSchema>;

export const jobAssociationSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  terminatedAt: z.string().nullable(),
  seriesId: z.number().int(),
  serialNumber: z.string(),
  associationMode: z.number().int(),
  associationSubject: z.number().int(),
  associationSubjectId: z.string(),
});
export type JobAssociation = z.infer<typeof jobAssociationSchema>;
export const jobAssociationListAnswerSchema = z.object({
  data: z.object({ data: z.array(jobAssociationSchema) }),
});
export const archivedJobListAnswerSchema = z.object({ data: z.object({ data: z.array(jobSchema) }) });

export const JOB_SORT_COLUMNS = ['BeginDate', 'PostedDate'] as const;
export type JobSortColumn = (typeof JOB_SORT_COLUMNS)[number];
export const ASSOCIATION_SORT_COLUMNS = ['CreatedAt'] as const;

/** Calibration display status of a job (spec §4); null shows no status. */
export type JobCalibrationStatus = 'Ok' | 'Expired' | null;

export function jobCalibrationStatus(result: Pick<JobResult, 'validCal' | 'validChk'>): JobCalibrationStatus {
  if (result.validCal === 2) return 'Expired';
  if (result.validCal !== 1) return null;
  return result.validChk === 2 ? 'Expired' : 'Ok';
}

/** The largest data map a device may send with a job, as JSON. */
export const JOB_DATA_MAX_BYTES = 64 * 1024;

/** A job as a device reports it (`POST /api/devices/jobs`, signed with the device's key). */
export const jobReportSchema = z.object({
  workflow: z.string().trim().min(1).max(64),
  jobType: z
    .number()
    .int()
    .min(0)
    .max(JOB_TYPES.length - 1),
  jobStatus: z
    .number()
    .int()
    .min(0)
    .max(JOB_STATUSES.length - 1),
  synthetic: z.boolean().optional(),
  beginDate: z.iso.datetime(),
  user: z.string().trim().min(1).max(128).nullable().optional(),
  data: z
    .record(z.string().min(1).max(64), z.unknown())
    .refine((data) => JSON.stringify(data).length <= JOB_DATA_MAX_BYTES, {
      message: `must be at most ${JOB_DATA_MAX_BYTES} bytes as JSON`,
    }),
  result: z.object({
    validCal: z.number().int().min(0).max(2),
    validChk: z.number().int().min(0).max(2),
    gresst: z.number().int().min(0).max(9).nullable().optional(),
  }),
});
export type JobReport = z.infer<typeof jobReportSchema>;
export const jobReportAnswerSchema = z.object({ id: z.string() });
