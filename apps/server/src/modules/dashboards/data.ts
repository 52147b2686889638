import { sql, type SQL } from 'drizzle-orm';
import {
  URGENT_DAYS,
  WARNING_DAYS,
  WIDGET_DEFAULT_MONTHS,
  dimensionValues,
  UNSPLIT_SERIES,
  type DashboardWidget,
  type WidgetData,
  type WidgetDimension,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { buildMatrix, monthKeys, type GroupedCount, type KeyPlan } from './matrix.ts';

/** What widgets need besides themselves: who asks, and from when a heartbeat means online. */
export interface WidgetContext {
  user: SignedInUser;
  aliveSince: Date;
  now: Date;
}

/** The company condition on a table alias: internal staff count the whole fleet. */
function scopeOn(alias: string, user: SignedInUser): SQL {
  if (user.wholeFleet) return sql`true`;
  return user.companyId ? sql`${sql.raw(alias)}.company_id = ${user.companyId}` : sql`false`;
}

/** The device types of the devices a widget counts for this user, in order (docs/insights.md). */
export async function deviceTypesInScope(db: Db, user: SignedInUser): Promise<string[]> {
  const result = (await db.execute(
    sql`select distinct s.device_type as t from series s where ${scopeOn('s', user)} order by 1`,
  )) as unknown as { rows: { t: string }[] };
  return result.rows.map((row) => row.t);
}

function deviceTypesOn(alias: string, widget: DashboardWidget): SQL {
  if (!widget.deviceTypes?.length) return sql`true`;
  const types = sql.join(
    widget.deviceTypes.map((type) => sql`${type}`),
    sql`, `,
  );
  return sql`${sql.raw(alias)}.device_type in (${types})`;
}

/** The SQL of a dimension over `series s` (devices), `series s` + its latest certificate `c`, or `job_month_counts j`. */
function dimensionOf(dimension: WidgetDimension, context: WidgetContext): SQL {
  switch (dimension) {
    case 'device_status':
      return sql`s.device_status`;
    case 'device_type':
      return sql`s.device_type`;
    case 'country':
      return sql`coalesce(s.country, '')`;
    case 'version':
      return sql`coalesce(s.current_version, '')`;
    case 'connection':
      return sql`case when exists (select 1 from heartbeats h where h.series_id = s.id and h.last_heartbeat > ${context.aliveSince.toISOString()}::timestamptz) then 'online' else 'offline' end`;
    case 'calibration_status':
      // The contract's certificateStatus, in SQL: whole days of validity left, rounded down.
      return sql`case
        when c.series_id is null then 'None'
        when c.check_passed = false or c.end_of_validity_date < ${context.now.toISOString()}::timestamptz then 'Expired'
        when floor(extract(epoch from (c.end_of_validity_date - ${context.now.toISOString()}::timestamptz)) / 86400) <= ${URGENT_DAYS} then 'Urgent'
        when floor(extract(epoch from (c.end_of_validity_date - ${context.now.toISOString()}::timestamptz)) / 86400) <= ${WARNING_DAYS} then 'Warning'
        else 'Ok' end`;
    case 'month':
      return sql`to_char(j.month, 'YYYY-MM')`;
    case 'year':
      return sql`to_char(j.month, 'YYYY')`;
    case 'job_type':
      return sql`j.job_type::text`;
    case 'job_status':
      return sql`j.job_status::text`;
  }
}

/** The device type of the jobs source lives on the summary row, not on a series. */
function jobDimensionOf(dimension: WidgetDimension, context: WidgetContext): SQL {
  return dimension === 'device_type' ? sql`j.device_type` : dimensionOf(dimension, context);
}

function firstMonth(widget: DashboardWidget, now: Date): string {
  const months = widget.months ?? WIDGET_DEFAULT_MONTHS;
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  return start.toISOString().slice(0, 10);
}

async function groupedCounts(db: Db, query: SQL): Promise<GroupedCount[]> {
  const result = (await db.execute(query)) as unknown as {
    rows: { g: string; s: string | null; n: string | number }[];
  };
  return result.rows.map((row) => ({ group: row.g, split: row.s ?? UNSPLIT_SERIES, count: Number(row.n) }));
}

function countQuery(widget: DashboardWidget, context: WidgetContext): SQL {
  const split = (of: (dimension: WidgetDimension, context: WidgetContext) => SQL) =>
    widget.splitBy ? of(widget.splitBy, context) : sql`null`;
  if (widget.source === 'jobs') {
    const synthetic = widget.synthetic ? sql`true` : sql`j.synthetic = false`;
    return sql`select ${jobDimensionOf(widget.groupBy, context)} as g, ${split(jobDimensionOf)} as s, sum(j.count) as n
      from job_month_counts j
      where ${scopeOn('j', context.user)} and ${deviceTypesOn('j', widget)} and ${synthetic}
        and j.month >= ${firstMonth(widget, context.now)}::date and j.count <> 0
      group by 1, 2`;
  }
  const certificate =
    widget.source === 'calibration'
      ? sql`left join lateral (
          select certificates.series_id, certificates.end_of_validity_date, certificates.check_passed from certificates
          where certificates.series_id = s.id and certificates.quality <> 'rejected'
          order by certificates.calibration_date desc limit 1
        ) c on true`
      : sql``;
  return sql`select ${dimensionOf(widget.groupBy, context)} as g, ${split(dimensionOf)} as s, count(*) as n
    from series s ${certificate}
    where ${scopeOn('s', context.user)} and ${deviceTypesOn('s', widget)}
    group by 1, 2`;
}

/** How a dimension's keys are laid out: time as an axis, known values in order, others by count or key. */
function keyPlan(widget: DashboardWidget, dimension: WidgetDimension | undefined, now: Date): KeyPlan {
  if (dimension === undefined) return { kind: 'single' };
  if (dimension === 'month' || dimension === 'year') {
    const months = monthKeys(firstMonth(widget, now), now);
    const keys = dimension === 'month' ? months : [...new Set(months.map((month) => month.slice(0, 4)))];
    return dimension === widget.groupBy ? { kind: 'axis', keys } : { kind: 'sorted' };
  }
  const known = dimensionValues(dimension);
  return known ? { kind: 'known', keys: known } : { kind: 'ranked' };
}

/** One widget's numbers, counted by the database over the user's own scope. */
export async function widgetData(
  db: Db,
  widget: DashboardWidget,
  context: WidgetContext,
): Promise<WidgetData> {
  const counts = await groupedCounts(db, countQuery(widget, context));
  return {
    id: widget.id,
    ...buildMatrix(counts, {
      categories: keyPlan(widget, widget.groupBy, context.now),
      series: keyPlan(widget, widget.splitBy, context.now),
      measure: widget.measure,
    }),
  };
}
