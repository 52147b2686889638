import { describe, expect, it } from 'vitest';
import { withinTime } from './within-time.ts';

describe('withinTime', () => {
  it('answers the value, or the fallback when the work fails or is late', async () => {
    expect(await withinTime(Promise.resolve(3), 50, 'late')).toBe(3);
    expect(await withinTime(Promise.reject(new Error('no')), 50, 'late')).toBe('late');
    const slow = new Promise((resolve) => setTimeout(() => resolve('slow'), 500));
    const began = Date.now();
    expect(await withinTime(slow, 30, 'late')).toBe('late');
    expect(Date.now() - began).toBeLessThan(400);
  });
});
