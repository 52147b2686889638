import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSecondsUntil } from './use-seconds-until';

afterEach(() => {
  vi.useRealTimers();
});

describe('seconds until', () => {
  it('counts down from a new time at once, not from the last count', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    const { result, rerender } = renderHook(({ at }: { at: number | null }) => useSecondsUntil(at), {
      initialProps: { at: null as number | null },
    });
    expect(result.current).toBeNull();
    // Mounted long before the first wait begins (a page open for half a minute).
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    rerender({ at: Date.now() + 4_000 });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current).toBe(4);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(result.current).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(result.current).toBe(0);
  });
});
