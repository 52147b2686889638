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

/**
 * How the keys of one dimension are ordered: a time axis (every key shown, others dropped), known values
 * (every one shown in their order, unknown ones after), ranked by count (biggest first, the rest folded
 * into OTHER_KEY), sorted by key (the latest kept), or the one count of an unsplit widget.
 */
export type KeyPlan =
  | { kind: 'axis'; keys: readonly string[] }
  | { kind: 'known'; keys: readonly string[] }
  | { kind: 'ranked' }
  | { kind: 'sorted' }
  | { kind: 'single' };

interface Planned {
  keys: string[];
  /** Where each counted key goes; absent: dropped. */
  slot: (key: string) => number | undefined;
}

function totalsBy(counts: GroupedCount[], key: (count: GroupedCount) => string): Map<string, number> {
  const totals = new Map<string, number>();
  for (const count of counts) totals.set(key(count), (totals.get(key(count)) ?? 0) + count.count);
  return totals;
}

function folding(kept: string[], all: string[]): Planned {
  const index = new Map(kept.map((key, position) => [key, position]));
  const keys = kept.length < all.length ? [...kept, OTHER_KEY] : kept;
  return { keys, slot: (key) => index.get(key) ?? (kept.length < all.length ? kept.length : undefined) };
}

function plan(totals: Map<string, number>, keyPlan: KeyPlan, limit: number): Planned {
  switch (keyPlan.kind) {
    case 'single':
      return { keys: [UNSPLIT_SERIES], slot: () => 0 };
    case 'axis': {
      const index = new Map(keyPlan.keys.map((key, position) => [key, position]));
      return { keys: [...keyPlan.keys], slot: (key) => index.get(key) };
    }
    case 'known': {
      const extra = [...totals.keys()].filter((key) => !keyPlan.keys.includes(key)).sort();
      const keys = [...keyPlan.keys, ...extra];
      const index = new Map(keys.map((key, position) => [key, position]));
      return { keys, slot: (key) => index.get(key) };
    }
    case 'ranked': {
      const order = [...totals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      const all = order.map(([key]) => key);
      return folding(all.length <= limit ? all : all.slice(0, limit - 1), all);
    }
    case 'sorted': {
      // The latest keys are those a reader looks for: the oldest fold into OTHER_KEY, shown first.
      const all = [...totals.keys()].sort();
      if (all.length <= limit) return folding(all, all);
      const kept = all.slice(all.length - limit + 1);
      const index = new Map(kept.map((key, position) => [key, position + 1]));
      return { keys: [OTHER_KEY, ...kept], slot: (key) => index.get(key) ?? 0 };
    }
  }
}

/** Counts as categories × series, totals kept exact, shares in percent of the whole to one decimal. */
export function buildMatrix(
  counts: GroupedCount[],
  options: { categories: KeyPlan; series: KeyPlan; measure: WidgetMeasure },
): Omit<WidgetData, 'id'> {
  const categories = plan(
    totalsBy(counts, (count) => count.group),
    options.categories,
    MAX_CATEGORIES,
  );
  const series = plan(
    totalsBy(counts, (count) => count.split),
    options.series,
    MAX_SERIES,
  );
  const values = series.keys.map(() => categories.keys.map(() => 0));
  let total = 0;
  for (const count of counts) {
    const category = categories.slot(count.group);
    const row = series.slot(count.split);
    if (category === undefined || row === undefined) continue;
    values[row]![category]! += count.count;
    total += count.count;
  }
  const scale = (value: number) =>
    options.measure === 'share' ? (total ? Math.round((value / total) * 1000) / 10 : 0) : value;
  return {
    categories: categories.keys,
    series: series.keys.map((key, index) => ({ key, values: values[index]!.map(scale) })),
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
