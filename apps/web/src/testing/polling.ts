import { QueryObserver, type QueryKey, type QueryObserverOptions } from '@tanstack/react-query';
import { vi } from 'vitest';
import { testQueryClient } from './providers';

/**
 * Follows a query as a shown screen does, under fake timers, and answers how many times it has asked
 * after each of the given moments (milliseconds since it was first shown).
 */
export async function requestsAt<T, K extends QueryKey>(
  options: QueryObserverOptions<T, Error, T, T, K>,
  calls: () => number,
  moments: readonly number[],
): Promise<number[]> {
  vi.useFakeTimers();
  const client = testQueryClient();
  const stop = new QueryObserver(client, options).subscribe(() => {});
  const counts: number[] = [];
  let now = 0;
  try {
    for (const moment of moments) {
      await vi.advanceTimersByTimeAsync(moment - now);
      now = moment;
      counts.push(calls());
    }
  } finally {
    stop();
    client.clear();
    vi.useRealTimers();
  }
  return counts;
}
