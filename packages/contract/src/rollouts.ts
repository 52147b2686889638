import { z } from 'zod';
import { MAX_ID } from './api.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { deviceTypeNameSchema, versionKindSchema, versionNumberSchema } from './versions.ts';

/** Rollouts (docs/versions.md): a version sent to a set of devices in waves. */

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

/**
 * What a wave's counts mean for the rollout: wait, go on to the next wave, or stop. Before the wave has
 * ended, it stops only on a sure verdict: failures over the threshold of the whole wave (whatever the
 * others do), or over it among at least half of the wave (and five devices); one early failure in a large
 * wave is not yet a verdict. Once every device answered, or the window ended, the rate of those that
 * answered decides.
 */
export function waveOutcome(
  counts: WaveCounts,
  thresholdPercent: number,
  windowEnded: boolean,
): 'waiting' | 'passed' | 'stop' {
  const answered = counts.succeeded + counts.failed;
  const over = waveFailurePercent(counts) > thresholdPercent;
  if (counts.devices > 0 && (counts.failed * 100) / counts.devices > thresholdPercent) return 'stop';
  if (over && answered >= Math.max(Math.min(counts.devices, 5), Math.ceil(counts.devices / 2))) return 'stop';
  if (answered < counts.devices && !windowEnded) return 'waiting';
  return over ? 'stop' : 'passed';
}

export const ROLLOUT_STATES = ['running', 'paused', 'stopped', 'cancelled', 'done'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];
/** A rollout that still sends its version: it holds its devices and its version. */
export const ACTIVE_ROLLOUT_STATES: readonly RolloutState[] = ['running', 'paused'];

/** Where each device of a rollout is: its wave not reached, offered, updating, or ended. */
export const ROLLOUT_DEVICE_STATES = ['pending', 'offered', 'started', 'succeeded', 'failed'] as const;
export type RolloutDeviceState = (typeof ROLLOUT_DEVICE_STATES)[number];

export const WAVE_STATES = ['pending', 'running', 'passed', 'stopped'] as const;
export type WaveState = (typeof WAVE_STATES)[number];

/** A wave waits this long by default for its devices to answer (offline devices do not hold it). */
export const DEFAULT_WAVE_WINDOW_MINUTES = 24 * 60;
export const MAX_WAVE_WINDOW_MINUTES = 14 * 24 * 60;
export const MAX_WAVES = 10;

/** Which devices of the version's type a rollout sends it to; unset parts do not narrow the set. */
export const rolloutFilterSchema = z.object({
  groupIds: z.array(z.number().int().min(1).max(MAX_ID)).max(100).optional(),
  companyIds: z.array(z.uuid()).max(100).optional(),
  /** Devices now on one of these versions (of the rollout's kind). */
  currentVersions: z.array(z.string().trim().min(1).max(32)).max(100).optional(),
  serialNumbers: z.array(z.string().trim().min(1).max(32)).max(5000).optional(),
  earlyAccessOnly: z.boolean().optional(),
});
export type RolloutFilter = z.infer<typeof rolloutFilterSchema>;

const wavePercentsSchema = z
  .array(z.number().int().min(1).max(100))
  .min(1)
  .max(MAX_WAVES)
  .refine((percents) => percents.every((percent, index) => index === 0 || percent > percents[index - 1]!), {
    message: 'must grow from one wave to the next',
  });

/** `POST /Updates/rollouts` (and its preview): the version, the devices, the waves and when to stop. */
export const rolloutRequestSchema = z.object({
  deviceType: deviceTypeNameSchema,
  version: versionNumberSchema,
  filter: rolloutFilterSchema.default({}),
  wavePercents: wavePercentsSchema.default([...DEFAULT_WAVE_PERCENTS]),
  failureThresholdPercent: z.number().int().min(0).max(100).default(DEFAULT_FAILURE_THRESHOLD_PERCENT),
  waveWindowMinutes: z
    .number()
    .int()
    .min(1)
    .max(MAX_WAVE_WINDOW_MINUTES)
    .default(DEFAULT_WAVE_WINDOW_MINUTES),
});
export type RolloutRequest = z.input<typeof rolloutRequestSchema>;

/** What a rollout request would do: its devices and the size of each wave. */
export const rolloutPreviewSchema = z.object({
  devices: z.number().int(),
  earlyAccessDevices: z.number().int(),
  waves: z.array(z.number().int()),
  /** Devices of the filter left out: on this version or a newer one already. */
  upToDate: z.number().int(),
  /** A running or paused rollout of the same type and kind, which a new one would have to wait for. */
  activeRolloutId: z.number().int().nullable(),
});
export type RolloutPreview = z.infer<typeof rolloutPreviewSchema>;

export const waveSchema = z.object({
  number: z.number().int(),
  state: z.enum(WAVE_STATES),
  devices: z.number().int(),
  offered: z.number().int(),
  started: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  failurePercent: z.number(),
  startedAt: z.string().nullable(),
});
export type Wave = z.infer<typeof waveSchema>;

export const rolloutSchema = z.object({
  id: z.number().int(),
  deviceType: z.string(),
  version: z.string(),
  kind: versionKindSchema,
  state: z.enum(ROLLOUT_STATES),
  filter: rolloutFilterSchema,
  failureThresholdPercent: z.number().int(),
  waveWindowMinutes: z.number().int(),
  /** The wave being sent, from 1. */
  currentWave: z.number().int(),
  waves: z.array(waveSchema),
  devices: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  /** Updating now, all waves together. */
  started: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string(),
  endedAt: z.string().nullable(),
  /** Why it stopped by itself (the wave and its failure rate), or who paused or cancelled it. */
  reason: z.string().nullable(),
});
export type Rollout = z.infer<typeof rolloutSchema>;

export const ROLLOUT_SORT_COLUMNS = ['CreatedAt'] as const;
/** A type's rollouts on the versions screen: newest first, by state. */
export const ROLLOUTS_LIST: ListDefinition = {
  sortColumns: ROLLOUT_SORT_COLUMNS,
  defaultSortOrder: 'DESC',
  filters: ['State'],
  pageSizes: PAGE_SIZES,
  defaultPageSize: 10,
};
export const ROLLOUT_DEVICE_SORT_COLUMNS = ['Wave', 'UpdatedAt', 'SerialNumber'] as const;
/** A rollout's devices: by wave, by state. */
export const ROLLOUT_DEVICES_LIST: ListDefinition = {
  sortColumns: ROLLOUT_DEVICE_SORT_COLUMNS,
  defaultSortOrder: 'ASC',
  filters: ['Wave', 'State'],
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};
export const rolloutListAnswerSchema = z.object({
  data: z.array(rolloutSchema),
  totalCount: z.number().int(),
});

export const rolloutDeviceSchema = z.object({
  serialNumber: z.string(),
  wave: z.number().int(),
  state: z.enum(ROLLOUT_DEVICE_STATES),
  fromVersion: z.string().nullable(),
  percent: z.number().int().nullable(),
  details: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type RolloutDevice = z.infer<typeof rolloutDeviceSchema>;
export const rolloutDeviceListAnswerSchema = z.object({
  data: z.array(rolloutDeviceSchema),
  totalCount: z.number().int(),
});

export const rolloutActionSchema = z.enum(['pause', 'resume', 'cancel']);
export type RolloutAction = z.infer<typeof rolloutActionSchema>;

/** The states a rollout may go to from each state by a person's action. */
export function rolloutActions(state: RolloutState): readonly RolloutAction[] {
  if (state === 'running') return ['pause', 'cancel'];
  if (state === 'paused') return ['resume', 'cancel'];
  return [];
}
