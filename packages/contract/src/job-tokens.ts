import {
  ASSOCIATION_MODES,
  ASSOCIATION_STATUSES,
  ASSOCIATION_SUBJECTS,
  CALIBRATION_VALIDITIES,
  CHECK_RESULTS,
  JOB_STATUSES,
  JOB_TAG_FILTER_NAMES,
  JOB_TYPES,
  type JobListKind,
} from './jobs.ts';
import { ASSOCIATION_SORT_COLUMNS, JOB_SORT_COLUMNS } from './jobs.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { localDayStart } from './time-zones.ts';
import {
  dateOnly,
  nextDay,
  parseDateTokenData,
  tokenFilterKeys,
  type SearchToken,
  type SearchTokenDefinition,
  type TokenOperator,
} from './search-tokens.ts';

const indexOf = (list: readonly string[], name: string) => {
  const index = list.findIndex((entry) => entry.toLowerCase() === name.toLowerCase());
  return index < 0 ? name : String(index);
};

/** Operators of a job tag token (spec §9); `almost` (contains) is left out of archived lists. */
export const TAG_OPERATORS = ['equal', 'notEqual', 'almost'] as const satisfies readonly TokenOperator[];
/** Operators of the begin-date token: `equal` is the default (spec §5), `range` is range mode. */
export const BEGIN_DATE_OPERATORS = [
  'equal',
  'notEqual',
  'since',
  'before',
  'range',
] as const satisfies readonly TokenOperator[];
export const POSTED_DATE_OPERATORS = ['since', 'before', 'range'] as const satisfies readonly TokenOperator[];
export const HAS_VIN_VALUES = ['yes', 'no'] as const;
/** FilterOnWarrantyCode takes one value (spec §7): only jobs that carry a warranty code. */
export const WITH_WARRANTY_CODE = 'WITH';

const TAG_LABELS: Record<(typeof JOB_TAG_FILTER_NAMES)[number], string> = {
  VIN: 'jobs.filters.vin',
  RO: 'jobs.filters.ro',
  BAC: 'jobs.filters.bac',
  WarrantyCode: 'jobs.filters.warranty_code',
  MK: 'jobs.filters.make',
  MD: 'jobs.filters.model',
  YE: 'jobs.filters.year',
  PN: 'jobs.filters.part_number',
  CR: 'jobs.filters.rating',
  JID: 'jobs.filters.device_job_id',
};

/**
 * The jobs lists' search tokens (spec §2, §5, §7) for a list kind. Live and synthetic lists require the
 * begin date; the archived list does not, and offers no `almost` operator. On a device page the
 * serial-number token is left out (`onDevicePage`).
 */
export function jobTokens(kind: JobListKind, onDevicePage = false): SearchTokenDefinition[] {
  const archived = kind === 'ARCHIVED';
  const tagOperators = archived ? TAG_OPERATORS.filter((o) => o !== 'almost') : TAG_OPERATORS;
  const tokens: SearchTokenDefinition[] = [
    { type: 'Search', label: 'jobs.filters.search', kind: 'text', unique: true, order: 0 },
    {
      type: 'BeginDate',
      label: 'jobs.filters.begin_date',
      kind: 'date',
      unique: true,
      required: !archived,
      operators: BEGIN_DATE_OPERATORS,
      order: 1,
    },
    { type: 'SerialNumber', label: 'jobs.filters.serial_number', kind: 'text', order: 2 },
    ...JOB_TAG_FILTER_NAMES.map((name): SearchTokenDefinition => ({
      type: name,
      label: TAG_LABELS[name],
      kind: 'text',
      unique: true,
      operators: tagOperators,
    })),
    { type: 'HasVIN', label: 'jobs.filters.has_vin', kind: 'choice', unique: true, choices: HAS_VIN_VALUES },
    {
      type: 'FilterOnWarrantyCode',
      label: 'jobs.filters.with_warranty_code',
      kind: 'choice',
      unique: true,
      choices: [WITH_WARRANTY_CODE],
    },
    { type: 'JobType', label: 'jobs.filters.type', kind: 'choice', choices: JOB_TYPES },
    { type: 'JobStatus', label: 'jobs.filters.status', kind: 'choice', choices: JOB_STATUSES },
    { type: 'ValidCal', label: 'jobs.filters.calibration', kind: 'choice', choices: CALIBRATION_VALIDITIES },
    { type: 'ValidCheck', label: 'jobs.filters.check', kind: 'choice', choices: CHECK_RESULTS },
    { type: 'DeviceType', label: 'jobs.filters.device_type', kind: 'choice' },
    { type: 'User', label: 'jobs.filters.user', kind: 'choice' },
    { type: 'Group', label: 'jobs.filters.group', kind: 'choice', internalOnly: true },
    {
      type: 'PostedDate',
      label: 'jobs.filters.posted_date',
      kind: 'date',
      unique: true,
      operators: POSTED_DATE_OPERATORS,
      order: -1,
    },
  ];
  return onDevicePage ? tokens.filter((token) => token.type !== 'SerialNumber') : tokens;
}

const DAY_MS = 86_400_000;

/** Spec §9: BeginDate on or after one day ago, except in archived mode (no default filter). */
export function defaultJobTokens(kind: JobListKind, today: Date = new Date()): SearchToken[] {
  if (kind === 'ARCHIVED') return [];
  return [
    { type: 'BeginDate', value: { data: dateOnly(new Date(today.getTime() - DAY_MS)), operator: 'since' } },
  ];
}

/** The jobs list as the URL keeps it (spec §2): 20 a page, newest begin date first. */
export function jobListDefinition(kind: JobListKind, onDevicePage = false): ListDefinition {
  return {
    sortColumns: JOB_SORT_COLUMNS,
    defaultSortOrder: 'DESC',
    filters: tokenFilterKeys(jobTokens(kind, onDevicePage)),
    pageSizes: PAGE_SIZES,
    defaultPageSize: DEFAULT_PAGE_SIZE,
  };
}

/** The associations list's search tokens (spec §7); named list values travel as their index. */
export const ASSOCIATION_TOKENS: readonly SearchTokenDefinition[] = [
  { type: 'Search', label: 'jobs.associations.filters.search', kind: 'text', unique: true, order: 0 },
  {
    type: 'AssociationStatusesList',
    label: 'jobs.associations.filters.status',
    kind: 'choice',
    choices: ASSOCIATION_STATUSES,
  },
  {
    type: 'AssociationMode',
    label: 'jobs.associations.filters.mode',
    kind: 'choice',
    unique: true,
    choices: ASSOCIATION_MODES,
  },
  {
    type: 'AssociationSubject',
    label: 'jobs.associations.filters.subject',
    kind: 'choice',
    unique: true,
    choices: ASSOCIATION_SUBJECTS,
  },
  { type: 'AssociationSubjectId', label: 'jobs.associations.filters.subject_id', kind: 'text', unique: true },
  {
    type: 'CreatedAt',
    label: 'jobs.associations.filters.created_at',
    kind: 'date',
    unique: true,
    operators: ['equal', 'since', 'before', 'range'],
    order: 1,
  },
];

/** The associations list, newest first (spec §9). */
export const ASSOCIATIONS_LIST: ListDefinition = {
  sortColumns: ASSOCIATION_SORT_COLUMNS,
  defaultSortOrder: 'DESC',
  filters: tokenFilterKeys(ASSOCIATION_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

/** The day before a yyyy-MM-dd day. */
function previousDay(date: string): string {
  return dateOnly(new Date(Date.parse(`${date}T00:00:00.000Z`) - DAY_MS));
}

/**
 * The association call's StartDate and EndDate (both days included) for the creation-date token: one
 * day is both, since leaves the end open, before ends the day before, a period gives both.
 */
function createdAtParameters(data: string, operator: string, today: Date): Record<string, string[]> {
  const { start, end } = parseDateTokenData(data, today);
  if (operator === 'since') return { StartDate: [start] };
  if (operator === 'before') return { EndDate: [previousDay(start)] };
  return { StartDate: [start], EndDate: [operator === 'range' && end ? end : start] };
}

/** The query parameters of the associations call for the filters its list keeps in the URL. */
export function associationQueryParameters(
  filters: Record<string, readonly string[]>,
  today: Date = new Date(),
): Record<string, string[]> {
  const lists: Record<string, readonly string[]> = {
    AssociationStatusesList: ASSOCIATION_STATUSES,
    AssociationMode: ASSOCIATION_MODES,
    AssociationSubject: ASSOCIATION_SUBJECTS,
  };
  const parameters: Record<string, string[]> = {};
  for (const [key, values] of Object.entries(filters)) {
    if (key === 'CreatedAtOperator' || values.length === 0) continue;
    if (key === 'CreatedAt')
      Object.assign(
        parameters,
        createdAtParameters(values[0]!, filters.CreatedAtOperator?.[0] ?? 'equal', today),
      );
    else {
      const list = lists[key];
      parameters[key] = list ? values.map((value) => indexOf(list, value)) : [...values];
    }
  }
  return parameters;
}

/** The start of a day, as the server is told it: the console gives the user's time zone. */
export type DayStart = (date: string) => Date;
export const utcDayStart: DayStart = (date) => new Date(`${date}T00:00:00.000Z`);

/** Where a day starts in a time zone: its first instant there, daylight saving time included. */
export function zonedDayStart(timeZone: string): DayStart {
  return (date) => localDayStart(timeZone, date);
}

/**
 * The query parameters of a jobs call (spec §7) for the filters a jobs list keeps in its URL: named
 * list values become their index, HasVIN yes/no becomes true/false, the begin date becomes
 * FilterOnBeginDate (with its operator) or FromDate and ToDate with FilterOnPeriod in range mode, the
 * posted date PostedDate or PostedDateBefore. Dates travel as the instant their day starts.
 */
export function jobQueryParameters(
  filters: Record<string, readonly string[]>,
  dayStart: DayStart = utcDayStart,
  today: Date = new Date(),
): Record<string, string[]> {
  const parameters: Record<string, string[]> = {};
  const put = (key: string, ...values: string[]) => {
    parameters[key] = [...(parameters[key] ?? []), ...values];
  };
  const instant = (date: string) => dayStart(date).toISOString();
  for (const [key, values] of Object.entries(filters)) {
    if (key.endsWith('Operator') || values.length === 0) continue;
    const operator = filters[`${key}Operator`]?.[0];
    switch (key) {
      case 'BeginDate': {
        const value = parseDateTokenData(values[0]!, today);
        if (operator === 'range' && value.end) {
          put('FromDate', instant(value.start));
          put('ToDate', instant(value.end));
          put('FilterOnPeriod', 'true');
        } else {
          put('FilterOnBeginDate', instant(value.start));
          // A range without its end is the one day.
          if (operator && operator !== 'equal' && operator !== 'range') put('BeginDateOperator', operator);
        }
        break;
      }
      case 'PostedDate': {
        const value = parseDateTokenData(values[0]!, today);
        if (operator === 'range' && value.end) {
          put('PostedDate', instant(value.start));
          put('PostedDateBefore', instant(nextDay(value.end)));
        } else put(operator === 'before' ? 'PostedDateBefore' : 'PostedDate', instant(value.start));
        break;
      }
      case 'HasVIN':
        put('HasVIN', values[0]!.toLowerCase() === 'no' ? 'false' : 'true');
        break;
      case 'JobType':
        put(key, ...values.map((v) => indexOf(JOB_TYPES, v)));
        break;
      case 'JobStatus':
        put(key, ...values.map((v) => indexOf(JOB_STATUSES, v)));
        break;
      case 'ValidCal':
        put(key, ...values.map((v) => indexOf(CALIBRATION_VALIDITIES, v)));
        break;
      case 'ValidCheck':
        put(key, ...values.map((v) => indexOf(CHECK_RESULTS, v)));
        break;
      default:
        put(key, ...values);
        if (operator && operator !== 'equal') put(`${key}Operator`, operator);
    }
  }
  return parameters;
}
