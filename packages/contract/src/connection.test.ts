import { describe, expect, it } from 'vitest';
import { backoffDelay, CONNECTION, meansUnreachable } from './connection.ts';

describe('connection rules', () => {
  it('doubles the delay from the first one up to the maximum', () => {
    const delays = (max: number) =>
      [0, 1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, CONNECTION.probeFirstDelayMs, max));
    expect(delays(CONNECTION.probeMaxDelayMs)).toEqual([1_000, 2_000, 4_000, 4_000, 4_000, 4_000, 4_000]);
    expect(delays(CONNECTION.probeHiddenMaxDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('takes no answer, a bad gateway and an unavailable service for an unreachable server', () => {
    expect([null, 502, 503, 504].every(meansUnreachable)).toBe(true);
    expect([400, 401, 403, 404, 409, 500].some(meansUnreachable)).toBe(false);
  });
});
