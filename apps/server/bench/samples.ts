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
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** `runs` timings of an action, after `warmUp` untimed ones (caches and plans settled). */
export async function time(runs: number, action: () => Promise<unknown>, warmUp = 20): Promise<number[]> {
  for (let i = 0; i < Math.min(warmUp, runs); i++) await action();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await action();
    samples.push(performance.now() - started);
  }
  return samples;
}

/** Milliseconds as the tables print them. */
export const ms = (value: number) => value.toFixed(2).padStart(8);
