import { UNSPLIT_SERIES, type WidgetData, type WidgetMeasure } from '@fleet/contract';

/** A count of one group (and split value) as the database answers it. */
export interface GroupedCount {
  group: string;
  split: string;
  count: number;
}

/** The key that gathers what lies past the categories or series a chart can show. */
export const OTHER_KEY = '__other__';
export const MAX_CATEGORIES = 30;
export const MAX_SERIES = 12;

interface MatrixOptions {
  /** Categories in this order, every one shown even at zero (a time axis); ranked by count when absent. */
  axis?: string[];
  measure: WidgetMeasure;
  /** Series ranked by their totals (biggest first), sorted by key (years, months), or the one count. */
  splitAxis: 'ranked' | 'sorted' | 'none';
}

function totalsBy(counts: GroupedCount[], key: (count: GroupedCount) => string): Map<string, number> {
  const totals = new Map<string, number>();
  for (const count of counts) totals.set(key(count), (totals.get(key(count)) ?? 0) + count.count);
  return totals;
}

/** The biggest `limit` keys first; the rest fold into OTHER_KEY. */
function ranked(totals: Map<string, number>, limit: number): { keys: string[]; folded: Set<string> } {
  const order = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (order.length <= limit) return { keys: order.map(([key]) => key), folded: new Set() };
  const kept = order.slice(0, limit - 1).map(([key]) => key);
  return { keys: [...kept, OTHER_KEY], folded: new Set(order.slice(limit - 1).map(([key]) => key)) };
}

function sortedKeys(totals: Map<string, number>, limit: number): { keys: string[]; folded: Set<string> } {
  const keys = [...totals.keys()].sort();
  if (keys.length <= limit) return { keys, folded: new Set() };
  // The latest keys are those a reader looks for: the oldest fold into OTHER_KEY.
  const folded = keys.slice(0, keys.length - limit + 1);
  return { keys: [OTHER_KEY, ...keys.slice(keys.length - limit + 1)], folded: new Set(folded) };
}

/** Counts as categories × series, totals kept exact, shares in percent of the whole to one decimal. */
export function buildMatrix(counts: GroupedCount[], options: MatrixOptions): Omit<WidgetData, 'id'> {
  const onAxis = options.axis ? counts.filter((count) => options.axis!.includes(count.group)) : counts;
  const categoryPlan = options.axis
    ? { keys: options.axis, folded: new Set<string>() }
    : ranked(
        totalsBy(onAxis, (count) => count.group),
        MAX_CATEGORIES,
      );
  const splitTotals = totalsBy(onAxis, (count) => count.split);
  const seriesPlan =
    options.splitAxis === 'none'
      ? { keys: [UNSPLIT_SERIES], folded: new Set<string>() }
      : options.splitAxis === 'sorted'
        ? sortedKeys(splitTotals, MAX_SERIES)
        : ranked(splitTotals, MAX_SERIES);
  const categoryIndex = new Map(categoryPlan.keys.map((key, index) => [key, index]));
  const values = seriesPlan.keys.map(() => categoryPlan.keys.map(() => 0));
  const seriesIndex = new Map(seriesPlan.keys.map((key, index) => [key, index]));
  let total = 0;
  for (const count of onAxis) {
    const category = categoryIndex.get(categoryPlan.folded.has(count.group) ? OTHER_KEY : count.group);
    const series = seriesIndex.get(seriesPlan.folded.has(count.split) ? OTHER_KEY : count.split);
    if (category === undefined || series === undefined) continue;
    values[series]![category]! += count.count;
    total += count.count;
  }
  const scale = (value: number) =>
    options.measure === 'share' ? (total ? Math.round((value / total) * 1000) / 10 : 0) : value;
  return {
    categories: categoryPlan.keys,
    series: seriesPlan.keys.map((key, index) => ({ key, values: values[index]!.map(scale) })),
    total,
  };
}

/** `YYYY-MM` of every month from `first` (a date) to `now`'s month, in UTC. */
export function monthKeys(first: string, now: Date): string[] {
  const keys: string[] = [];
  const cursor = new Date(`${first.slice(0, 7)}-01T00:00:00Z`);
  const last = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  while (cursor.getTime() <= last) {
    keys.push(cursor.toISOString().slice(0, 7));
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  return keys;
}
