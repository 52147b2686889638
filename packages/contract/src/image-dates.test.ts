import { describe, expect, it } from 'vitest';
import { imageDateInstant } from './image-dates.ts';

describe('image dates', () => {
  it('reads the date a device writes, in UTC', () => {
    expect(imageDateInstant('2026-11-22 22-15-16')?.toISOString()).toBe('2026-11-22T22:15:16.000Z');
    expect(imageDateInstant('2026-11-22_22-15-16')?.toISOString()).toBe('2026-11-22T22:15:16.000Z');
    expect(imageDateInstant('2026-11-22T22:15:16Z')?.toISOString()).toBe('2026-11-22T22:15:16.000Z');
  });

  it('answers null for text that is no such date', () => {
    expect(imageDateInstant('yesterday')).toBeNull();
    expect(imageDateInstant('2026-13-40 99-99-99')).toBeNull();
  });
});
