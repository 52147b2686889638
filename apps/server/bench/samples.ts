import { performance } from 'node:perf_hooks';

/** One line of a benchmark table: a call through the API and its query alone (milliseconds). */
export interface Row {
  database: string;
  call: string;
  apiMedian: number;
  apiP95: number;
  sqlMedian: number;
  sqlP95: number;
}

export function quantile(samples: number[], q: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/**
 * A call through the API beside its query alone, run in turns (API, SQL, API, SQL…) so that both see
 * the same state of the database, its caches and the garbage collector; `warmUp` untimed turns first.
 */
export async function compare(
  runs: number,
  api: () => Promise<unknown>,
  bare: () => Promise<unknown>,
  warmUp = 20,
): Promise<Omit<Row, 'database' | 'call'>> {
  for (let i = 0; i < Math.min(warmUp, runs); i++) {
    await api();
    await bare();
  }
  const apiSamples: number[] = [];
  const bareSamples: number[] = [];
  for (let i = 0; i < runs; i++) {
    let started = performance.now();
    await api();
    apiSamples.push(performance.now() - started);
    started = performance.now();
    await bare();
    bareSamples.push(performance.now() - started);
  }
  return {
    apiMedian: quantile(apiSamples, 0.5),
    apiP95: quantile(apiSamples, 0.95),
    sqlMedian: quantile(bareSamples, 0.5),
    sqlP95: quantile(bareSamples, 0.95),
  };
}

/** Milliseconds as the tables print them. */
export const ms = (value: number) => value.toFixed(2).padStart(8);
