import { z } from 'zod';
import { INTERNAL_ROLES, hasAnyRole, type RoleCode } from './roles.ts';
import { jobSchema } from './jobs.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';

/**
 * The job detail (jobs spec §2, §3, §7): the job with what its page needs beside it, its graphs and its
 * pictures. docs/job-detail.md.
 */

/** A change made to a job's tags by a person (`PATCH /api/Jobs/{id}`), as the audit log keeps it. */
export const jobEditRecordSchema = z.object({
  at: z.string(),
  by: z.string(),
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.string().nullable() })),
});
export type JobEditRecord = z.infer<typeof jobEditRecordSchema>;

export const jobDetailSchema = z.object({
  job: jobSchema,
  /** Archived jobs are read-only history. */
  archived: z.boolean(),
  graphCount: z.number().int(),
  pictureCount: z.number().int(),
  /** Newest first. */
  edits: z.array(jobEditRecordSchema),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;
export const jobDetailAnswerSchema = z.object({ data: jobDetailSchema });

// ---------------------------------------------------------------- graphs

export const jobGraphSummarySchema = z.object({
  id: z.string(),
  graphFileName: z.string(),
  beginDate: z.string(),
  workflow: z.string(),
  curveNames: z.array(z.string()),
  /** Points of all its curves together. */
  pointCount: z.number().int(),
});
export type JobGraphSummary = z.infer<typeof jobGraphSummarySchema>;
export const jobGraphListAnswerSchema = z.object({
  data: z.array(jobGraphSummarySchema),
  totalCount: z.number().int(),
});

/** A curve's points, as two lists of the same length: X (seconds from the job's start) and Y. */
export const curvePointsSchema = z.object({ X: z.array(z.number()), Y: z.array(z.number()) });
export const jobGraphSchema = jobGraphSummarySchema.extend({
  curves: z.array(z.object({ curveName: z.string(), pointsData: curvePointsSchema })),
});
export type JobGraph = z.infer<typeof jobGraphSchema>;

/** Two lists of numbers of the same length, checked at their ends: a million points are not walked. */
function looksLikePoints(value: unknown): value is { X: number[]; Y: number[] } {
  if (typeof value !== 'object' || value === null) return false;
  const { X, Y } = value as { X?: unknown; Y?: unknown };
  if (!Array.isArray(X) || !Array.isArray(Y) || X.length !== Y.length) return false;
  const ends = [X[0], X[X.length - 1], Y[0], Y[Y.length - 1]];
  return X.length === 0 || ends.every((end) => typeof end === 'number');
}

/** What the console checks of a graph answer: its shape, not each of its points. */
export const jobGraphAnswerSchema = jobGraphSummarySchema.extend({
  curves: z.array(
    z.object({ curveName: z.string(), pointsData: z.custom<{ X: number[]; Y: number[] }>(looksLikePoints) }),
  ),
});

/** The most points a graph may hold (all curves), and the most curves. */
export const GRAPH_MAX_POINTS = 4_000_000;
export const GRAPH_MAX_CURVES = 16;
export const GRAPH_FILE_MAX_BYTES = 64 * 1024 * 1024;

export interface AxisRange {
  min: number;
  max: number;
}

/**
 * The y axis bounds of a graph's curves (jobs spec §2): each axis from the floor of its curve's minimum
 * to the ceiling of its maximum, unless some curve is constant; then every axis is left to the chart
 * (null), which gives a flat line room around it.
 */
export function curveAxisBounds(ranges: readonly AxisRange[]): (AxisRange | null)[] {
  if (ranges.some((range) => range.min === range.max)) return ranges.map(() => null);
  return ranges.map((range) => ({ min: Math.floor(range.min), max: Math.ceil(range.max) }));
}

/** Axis labels with one decimal (jobs spec §2). */
export const axisLabel = (value: number) => value.toFixed(1);

// ---------------------------------------------------------------- pictures

export const jobPictureSchema = z.object({
  id: z.string(),
  filename: z.string(),
  /** An expiring link to the image. */
  mediaLink: z.string(),
  metadata: z.record(z.string(), z.string()),
  postedDate: z.string(),
});
export type JobPicture = z.infer<typeof jobPictureSchema>;
export const jobPictureListAnswerSchema = z.object({
  data: z.array(jobPictureSchema),
  totalCount: z.number().int(),
});
export const JOB_PICTURE_SORT_COLUMNS = ['Name', 'PostedDate'] as const;
/** The pictures tab's list: by Name first (jobs spec §9), searched by free text. */
export const JOB_PICTURE_LIST: ListDefinition = {
  sortColumns: JOB_PICTURE_SORT_COLUMNS,
  defaultSortOrder: 'ASC',
  filters: ['Search'],
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};
export const PICTURE_MAX_BYTES = 8 * 1024 * 1024;
export const PICTURE_METADATA_MAX_ENTRIES = 32;
export const PICTURE_METADATA_VALUE_MAX_LENGTH = 256;

/** A picture's metadata as a device sends it: up to 32 texts by name. */
export const pictureMetadataSchema = z
  .record(
    z.string().trim().min(1).max(64),
    z
      .union([z.string(), z.number(), z.boolean()])
      .transform(String)
      .pipe(z.string().max(PICTURE_METADATA_VALUE_MAX_LENGTH)),
  )
  .refine((metadata) => Object.keys(metadata).length <= PICTURE_METADATA_MAX_ENTRIES, {
    message: `must have at most ${PICTURE_METADATA_MAX_ENTRIES} entries`,
  });

/** Jobs spec §2: a metadata value over 20 characters shows as its first 10 and an ellipsis. */
export function cutMetadataValue(value: string): string {
  return value.length > 20 ? `${value.slice(0, 10)}…` : value;
}

/** Jobs spec §3: the first four characters of the serial number feed a picture's alt text. */
export const pictureAltPrefix = (serialNumber: string) => serialNumber.slice(0, 4);

// ---------------------------------------------------------------- the warranty check (jobs spec §2, §5, §6)

/**
 * Who may check a job's warranty code: the "external-equipment" roles (the maker's own staff, as for
 * exports: docs/rights.md) and the customer warranty manager and user.
 */
export const WARRANTY_CHECK_ROLES: readonly RoleCode[] = [
  ...INTERNAL_ROLES,
  'customer-warranty-manager',
  'customer-warranty-user',
];

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** Jobs spec §5: offered only when the job has a warranty code and the user one of those roles. */
export function mayCheckWarranty(
  data: Readonly<Record<string, unknown>>,
  roles: readonly RoleCode[],
): boolean {
  return text(data.WARRANTYCODE) !== '' && hasAnyRole(WARRANTY_CHECK_ROLES, roles);
}

/** The query the warranty route (WarrantyCodeHome) is opened with: warrantycode, ro, bac and vin. */
export function warrantyCheckQuery(data: Readonly<Record<string, unknown>>): URLSearchParams {
  const query = new URLSearchParams({ warrantycode: text(data.WARRANTYCODE) });
  for (const [key, tag] of [
    ['ro', 'RO'],
    ['bac', 'BAC'],
    ['vin', 'VIN'],
  ] as const)
    if (text(data[tag])) query.set(key, text(data[tag]));
  return query;
}
