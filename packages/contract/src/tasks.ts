import { z } from 'zod';
import { TASK_ROLES, canUseFeature, type FeatureCode } from './features.ts';
import { PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { hasAnyRole, type RoleCode } from './roles.ts';

/**
 * Task status codes (platform spec §3 and §4; their meaning is ours, docs/tasks.md). A task waits
 * (80, 82, 83, 84), runs (67), then ends with a file (68) or without one (70).
 */
export const TASK_STATUS = {
  RUNNING: 67,
  DONE: 68,
  /** Ended without a file: it failed, or its owner cancelled it before it ran. */
  ENDED: 70,
  QUEUED: 80,
  /** Its server stopped while writing it: it starts again from the beginning. */
  RESTARTING: 82,
  /** An attempt failed on a passing error (database or storage unreachable): it tries again later. */
  RETRYING: 83,
  /** Queued behind a running task of the same user: a user's tasks run one at a time. */
  WAITING: 84,
} as const;
export type TaskStatusName = keyof typeof TASK_STATUS;
export type TaskStatus = (typeof TASK_STATUS)[TaskStatusName];
export const TASK_STATUSES = Object.values(TASK_STATUS) as TaskStatus[];

/** Waiting to run: the owner may still cancel it. */
export const WAITING_TASK_STATUSES: readonly TaskStatus[] = [
  TASK_STATUS.QUEUED,
  TASK_STATUS.RESTARTING,
  TASK_STATUS.RETRYING,
  TASK_STATUS.WAITING,
];
/** Not ended yet: the viewer's pending tasks, and what the console follows until it ends. */
export const PENDING_TASK_STATUSES: readonly TaskStatus[] = [TASK_STATUS.RUNNING, ...WAITING_TASK_STATUSES];

export type TaskAction = 'download' | 'archive' | 'cancel' | 'respawn';

/** What a user may do with a task in each status (platform spec §4, respawn per §4 "export request tasks"). */
export function taskActions(status: TaskStatus): readonly TaskAction[] {
  if (status === TASK_STATUS.DONE) return ['download', 'archive', 'respawn'];
  if (status === TASK_STATUS.ENDED) return ['archive', 'respawn'];
  if ((WAITING_TASK_STATUSES as readonly number[]).includes(status)) return ['cancel'];
  return [];
}

/** The error a task cancelled by its owner ends with (the console says it in the user's words). */
export const TASK_CANCELLED = 'Cancelled';

/** Spec §9: the pending-task viewer shows this many. */
export const TASK_VIEWER_SIZE = 5;
/** Spec §9: the cursor lists' page size (the tasks page). */
export const TASK_PAGE_SIZE = 10;

/** The tasks page's list: newest first, cursor-paged. */
export const TASKS_LIST: ListDefinition = {
  sortColumns: ['PostedDateTime'],
  defaultSortOrder: 'DESC',
  filters: [],
  pageSizes: PAGE_SIZES,
  defaultPageSize: TASK_PAGE_SIZE,
};

/** What a task does: its handler on the server, its words in the console. */
export const TASK_KINDS = [
  'jobs-export',
  'stores-export',
  'series-export',
  'audit-export',
  'warranty-decode',
  'series-migration',
  'sales-journal-export',
  'payments-journal-export',
  'customer-accounts-export',
  'customs-declarations-export',
  'vehicles-export',
  'batteries-export',
  'esat-answers-export',
] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** The feature each kind of task is asked for under. */
const TASK_KIND_FEATURES: Record<TaskKind, FeatureCode> = {
  'jobs-export': 'JOBS.EXPORT',
  'stores-export': 'STORES.EXPORT',
  'series-export': 'SERIES.LIST',
  'audit-export': 'LOGS',
  'warranty-decode': 'WARRANTY.DECODEBULK',
  'series-migration': 'CONFIGURATION.MIGRATION',
  'sales-journal-export': 'ACCOUNTING_MANAGE.SALES_JOURNAL',
  'payments-journal-export': 'ACCOUNTING_MANAGE.PAYMENTS_JOURNAL',
  'customer-accounts-export': 'ACCOUNTING_MANAGE.CUSTOMER_ACCOUNTS',
  'customs-declarations-export': 'ACCOUNTING_MANAGE.CUSTOMS_DECLARATION',
  'vehicles-export': 'VINDB.EXPORT',
  'batteries-export': 'VINDB.EXPORT',
  'esat-answers-export': 'STATISTICS.ESAT',
};

/**
 * Who may ask for a task of this kind (docs/tasks.md "Who has tasks"): holders of its feature who also
 * have the task list, since its outcome is collected there; the others are not offered it. The route
 * that asks, the console's button and the task's own check when it runs all read this.
 */
export function taskStartAccess(kind: TaskKind): { feature: FeatureCode; roles: readonly RoleCode[] } {
  return { feature: TASK_KIND_FEATURES[kind], roles: TASK_ROLES };
}

export function mayStartTask(
  kind: TaskKind,
  roles: readonly string[],
  disabled: ReadonlySet<string> = new Set(),
): boolean {
  const access = taskStartAccess(kind);
  return canUseFeature(access.feature, roles, disabled) && hasAnyRole(access.roles, roles);
}

export const taskSchema = z.object({
  requestId: z.string(),
  kind: z.enum(TASK_KINDS),
  /** The user's own words (the export description). */
  description: z.string(),
  /** The file the task writes. */
  name: z.string(),
  status: z.union(TASK_STATUSES.map((code) => z.literal(code))),
  postedDateTime: z.string(),
  startedDateTime: z.string().nullable(),
  finishedDateTime: z.string().nullable(),
  /** Rows written and rows to write, while it runs and once done; null before it starts. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  /** Why it ended without a file (70), or why its last attempt failed (83). */
  error: z.string().nullable(),
  /** When its file is removed; after that a download answers 410. */
  expiresAt: z.string().nullable(),
});
export type Task = z.infer<typeof taskSchema>;

export const taskListAnswerSchema = z.object({ data: z.array(taskSchema) });
export const taskDownloadAnswerSchema = z.object({ mediaLink: z.string(), Description: z.string() });
export type TaskDownloadAnswer = z.infer<typeof taskDownloadAnswerSchema>;
export const taskRequestAnswerSchema = z.object({ requestId: z.string() });

/** How long a finished export's file is kept. */
export const TASK_FILE_DAYS = 7;
/** How long an archived task is kept before it is deleted for good. */
export const ARCHIVED_TASK_DAYS = 30;
