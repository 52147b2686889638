/** Samples of a Prometheus text exposition, and quantiles from histogram buckets (benchmarks only). */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** Each series' value at the end minus at the start (counters), summed over nodes by `key`. */
export function increase(
  before: Sample[],
  after: Sample[],
  name: string,
  key: (labels: Record<string, string>) => string,
): Map<string, number> {
  const totals = new Map<string, number>();
  const add = (samples: Sample[], sign: number) => {
    for (const sample of samples) {
      if (sample.name !== name) continue;
      const k = key(sample.labels);
      totals.set(k, (totals.get(k) ?? 0) + sign * sample.value);
    }
  };
  add(after, 1);
  add(before, -1);
  return totals;
}

/** The q-quantile of cumulative bucket counts `{le: count}`, interpolated within its bucket as Prometheus does. */
export function bucketQuantile(buckets: Map<number, number>, q: number): number {
  const bounds = [...buckets.keys()].sort((a, b) => a - b);
  const total = buckets.get(Infinity) ?? 0;
  if (total <= 0) return NaN;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const bound of bounds) {
    const count = buckets.get(bound)!;
    if (count >= rank) {
      if (bound === Infinity) return lower;
      return lower + ((bound - lower) * (rank - below)) / Math.max(1, count - below);
    }
    lower = bound;
    below = count;
  }
  return lower;
}
