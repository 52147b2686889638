import { esatPeriodDays, parseDateTokenData } from '@fleet/contract';
import { paths } from '../../config/paths';

type Filters = Record<string, readonly string[]>;

function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** The days of the statistics' own day filter: first and last, either side open. */
function filterDays(filters: Filters): { from: string | null; to: string | null } {
  const data = filters.At?.[0];
  if (!data) return { from: null, to: null };
  const { start, end } = parseDateTokenData(data);
  switch (filters.AtOperator?.[0] ?? 'equal') {
    case 'since':
      return { from: start, to: null };
    case 'before':
      return { from: null, to: dayBefore(start) };
    case 'range':
      return { from: start, to: end ?? start };
    default:
      return { from: start, to: start };
  }
}

/** A month's or year's days within the statistics' day filter, as the answers list's day token. */
export function periodWithin(period: string, filters: Filters): Filters {
  const [start, end] = esatPeriodDays(period).split('/') as [string, string];
  const within = filterDays(filters);
  const from = within.from && within.from > start ? within.from : start;
  const to = within.to && within.to < end ? within.to : end;
  return { At: [`${from}/${to}`], AtOperator: ['range'] };
}

/** The answers list behind a bar: the statistics' filters, with the bar's own in their place. */
export function answersLink(filters: Filters, bar: Filters): string {
  const query = new URLSearchParams();
  for (const [key, values] of Object.entries({ ...filters, ...bar }))
    for (const value of values) query.append(key, value);
  return `${paths.statisticsEsatAnswers.path}?${query}`;
}
