import { and, eq, ilike, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  BEGIN_DATE_OPERATORS,
  CALIBRATION_VALIDITIES,
  CHECK_RESULTS,
  JOB_STATUSES,
  JOB_TAG_FILTER_NAMES,
  JOB_TYPES,
  TAG_OPERATORS,
  WITH_WARRANTY_CODE,
  type JobListKind,
  type JobTagFilter,
} from '@fleet/contract';
import { series } from '../../db/schema.ts';
import { containsPattern, type ListQuery, type QueryParameter } from '../../lib/list-request.ts';
import { searchCondition } from '../../lib/list-search.ts';
import type { JobTable } from './repository.ts';

const DAY_MS = 86_400_000;

const TAG_COLUMNS: Record<JobTagFilter, keyof JobTable['$inferSelect']> = {
  VIN: 'vin',
  RO: 'ro',
  BAC: 'bac',
  WarrantyCode: 'warrantyCode',
  MK: 'mk',
  MD: 'md',
  YE: 'ye',
  PN: 'pn',
  CR: 'cr',
  JID: 'jid',
};

const TAG_DESCRIPTIONS: Record<JobTagFilter, string> = {
  VIN: 'Vehicle identification number',
  RO: 'Repair order',
  BAC: 'Battery code',
  WarrantyCode: 'Warranty code',
  MK: 'Vehicle make',
  MD: 'Vehicle model',
  YE: 'Vehicle year',
  PN: 'Part number',
  CR: 'Rating',
  JID: "The device's own job number",
};

const indexes = (list: readonly string[]) => list.map((_, index) => index);

/** The filter parameters of the jobs calls (spec §7), described once for validation and documentation. */
export const JOB_FILTER_PARAMETERS: readonly QueryParameter[] = [
  {
    name: 'Search',
    description:
      'Text found in the serial number, VIN, repair order, battery or warranty code, device job number, workflow or user.',
  },
  {
    name: 'JobId',
    description: 'Only these jobs, by id (a selection made in a list).',
    repeatable: true,
    integer: true,
  },
  {
    name: 'SerialNumber',
    description: 'Serial number of the device that produced the job.',
    repeatable: true,
  },
  ...JOB_TAG_FILTER_NAMES.flatMap((name): QueryParameter[] => [
    { name, description: `${TAG_DESCRIPTIONS[name]} (tag ${name}).` },
    {
      name: `${name}Operator`,
      description: `How ${name} compares: equal (default), notEqual or almost (contains; not on archived jobs).`,
      values: TAG_OPERATORS,
    },
  ]),
  {
    name: 'HasVIN',
    description: 'true: only jobs with a VIN; false: only jobs without.',
    values: ['true', 'false'],
  },
  {
    name: 'FilterOnWarrantyCode',
    description: `${WITH_WARRANTY_CODE}: only jobs with a warranty code.`,
    values: [WITH_WARRANTY_CODE],
  },
  {
    name: 'JobType',
    description: `Job type index: ${JOB_TYPES.map((n, i) => `${i} ${n}`).join(', ')}.`,
    repeatable: true,
    values: indexes(JOB_TYPES),
  },
  {
    name: 'JobStatus',
    description: `Job status index: ${JOB_STATUSES.map((n, i) => `${i} ${n}`).join(', ')}.`,
    repeatable: true,
    values: indexes(JOB_STATUSES),
  },
  {
    name: 'ValidCal',
    description: `Calibration validity index: ${CALIBRATION_VALIDITIES.map((n, i) => `${i} ${n}`).join(', ')}.`,
    repeatable: true,
    values: indexes(CALIBRATION_VALIDITIES),
  },
  {
    name: 'ValidCheck',
    description: `Check result index: ${CHECK_RESULTS.map((n, i) => `${i} ${n}`).join(', ')}.`,
    repeatable: true,
    values: indexes(CHECK_RESULTS),
  },
  { name: 'DeviceType', description: 'Type of the device that produced the job.', repeatable: true },
  { name: 'User', description: 'Device user who ran the job.', repeatable: true },
  { name: 'Group', description: 'Device group id (internal members only).', repeatable: true, integer: true },
  {
    name: 'FilterOnBeginDate',
    description:
      'Begin date: the start of a day, as a date (yyyy-MM-dd, UTC) or an instant (yyyy-MM-ddTHH:mm:ss.SSSZ).',
  },
  {
    name: 'BeginDateOperator',
    description: 'How FilterOnBeginDate compares: equal (that day, default), notEqual, since or before.',
    values: BEGIN_DATE_OPERATORS.filter((o) => o !== 'range'),
  },
  {
    name: 'FromDate',
    description: 'First day of a begin-date period (with ToDate and FilterOnPeriod=true).',
  },
  { name: 'ToDate', description: 'Last day of a begin-date period, included.' },
  {
    name: 'FilterOnPeriod',
    description: 'true: filter on the period FromDate to ToDate.',
    values: ['true', 'false'],
  },
  { name: 'PostedDate', description: 'Posted on or after the start of this day.' },
  { name: 'PostedDateBefore', description: 'Posted before the start of this day.' },
];

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

function dateConditions(query: ListQuery, table: JobTable): SQL[] {
  const conditions: SQL[] = [];
  const begin = query.dayStart('FilterOnBeginDate', { instants: true });
  const operator = query.choices(
    'BeginDateOperator',
    BEGIN_DATE_OPERATORS.filter((o) => o !== 'range'),
  )[0];
  if (begin) {
    const next = new Date(begin.getTime() + DAY_MS);
    switch (operator ?? 'equal') {
      case 'since':
        conditions.push(sql`${table.beginDate} >= ${at(begin)}`);
        break;
      case 'before':
        conditions.push(sql`${table.beginDate} < ${at(begin)}`);
        break;
      case 'notEqual':
        conditions.push(sql`(${table.beginDate} < ${at(begin)} or ${table.beginDate} >= ${at(next)})`);
        break;
      default:
        conditions.push(sql`${table.beginDate} >= ${at(begin)} and ${table.beginDate} < ${at(next)}`);
    }
  } else if (operator) query.problem('BeginDateOperator', 'needs FilterOnBeginDate');
  const period = query.boolean('FilterOnPeriod');
  const from = query.dayStart('FromDate', { instants: true });
  const to = query.dayStart('ToDate', { instants: true });
  if (period) {
    if (!from || !to) query.problem('FilterOnPeriod', 'needs FromDate and ToDate');
    else if (from > to) query.problem('FromDate', 'must not be after ToDate');
    else
      conditions.push(
        sql`${table.beginDate} >= ${at(from)} and ${table.beginDate} < ${at(new Date(to.getTime() + DAY_MS))}`,
      );
  } else if (from || to) query.problem(from ? 'FromDate' : 'ToDate', 'needs FilterOnPeriod=true');
  const posted = query.dayStart('PostedDate', { instants: true });
  if (posted) conditions.push(sql`${table.postedDate} >= ${at(posted)}`);
  const postedBefore = query.dayStart('PostedDateBefore', { instants: true });
  if (postedBefore) conditions.push(sql`${table.postedDate} < ${at(postedBefore)}`);
  return conditions;
}

function tagConditions(query: ListQuery, table: JobTable, kind: JobListKind): SQL[] {
  const operators: readonly string[] =
    kind === 'ARCHIVED' ? TAG_OPERATORS.filter((o) => o !== 'almost') : TAG_OPERATORS;
  const conditions: SQL[] = [];
  for (const name of JOB_TAG_FILTER_NAMES) {
    const operator = query.choices(`${name}Operator`, TAG_OPERATORS)[0] ?? 'equal';
    if (!operators.includes(operator))
      query.problem(`${name}Operator`, 'almost is not offered on archived jobs: use equal or notEqual');
    const value = query.one(name);
    if (value === undefined) {
      if (query.has(`${name}Operator`)) query.problem(`${name}Operator`, `needs ${name}`);
      continue;
    }
    const column = table[TAG_COLUMNS[name]];
    if (operator === 'almost') conditions.push(ilike(column, containsPattern(value)));
    else if (operator === 'notEqual') conditions.push(sql`${column} is distinct from ${value}`);
    else conditions.push(eq(column, value));
  }
  return conditions;
}

/**
 * The conditions a jobs request asks for (spec §7), every parameter checked: a value out of its range
 * or an operator the list does not offer is a 400 naming the parameter.
 */
export function jobConditions(
  query: ListQuery,
  table: JobTable,
  kind: JobListKind,
  wholeFleet: boolean,
): SQL[] {
  const conditions = [...dateConditions(query, table), ...tagConditions(query, table, kind)];
  const search = searchCondition(query, [
    table.vin,
    table.ro,
    table.bac,
    table.warrantyCode,
    table.jid,
    table.workflow,
    table.userName,
    (pattern) =>
      sql`${table.seriesId} in (select ${series.id} from ${series} where ${ilike(series.serialNumber, pattern)})`,
  ]);
  if (search) conditions.push(search);
  const ids = query.ids('JobId');
  if (ids.length) conditions.push(inArray(table.id, ids));
  const serialNumbers = query.all('SerialNumber');
  if (serialNumbers.length)
    conditions.push(
      sql`${table.seriesId} in (select ${series.id} from ${series} where ${inArray(series.serialNumber, serialNumbers)})`,
    );
  const hasVin = query.boolean('HasVIN');
  if (hasVin !== undefined) conditions.push(hasVin ? isNotNull(table.vin) : isNull(table.vin));
  const withWarranty = query.one('FilterOnWarrantyCode');
  if (withWarranty !== undefined) {
    if (withWarranty.toUpperCase() === WITH_WARRANTY_CODE) conditions.push(isNotNull(table.warrantyCode));
    else query.problem('FilterOnWarrantyCode', `must be ${WITH_WARRANTY_CODE}`);
  }
  const lists = [
    ['JobType', JOB_TYPES, table.jobType],
    ['JobStatus', JOB_STATUSES, table.jobStatus],
    ['ValidCal', CALIBRATION_VALIDITIES, table.validCal],
    ['ValidCheck', CHECK_RESULTS, table.validChk],
  ] as const;
  for (const [name, list, column] of lists) {
    const values = query.listIndexes(name, list);
    if (values.length) conditions.push(inArray(column, values));
  }
  const deviceTypes = query.all('DeviceType');
  if (deviceTypes.length) conditions.push(inArray(table.deviceType, deviceTypes));
  const users = query.all('User');
  if (users.length) conditions.push(inArray(table.userName, users));
  if (query.has('Group') && !wholeFleet) query.problem('Group', 'is only for internal members');
  const groups = query.ids('Group');
  if (groups.length) conditions.push(inArray(table.groupId, groups));
  return conditions.length ? [and(...conditions)!] : [];
}
