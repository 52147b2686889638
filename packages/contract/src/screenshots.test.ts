import { describe, expect, it } from 'vitest';
import { displayImageDate } from './screenshots.ts';

describe('image dates', () => {
  it('shows the time part with colons', () => {
    expect(displayImageDate('2026-11-22 10-15-30')).toBe('2026-11-22 10:15:30');
    expect(displayImageDate('2026-11-22T10-15-30Z')).toBe('2026-11-22T10:15:30Z');
    expect(displayImageDate('2026-11-22_08-01-02')).toBe('2026-11-22 08:01:02');
    expect(displayImageDate('2026-11-22 10:15:30')).toBe('2026-11-22 10:15:30');
  });
});
