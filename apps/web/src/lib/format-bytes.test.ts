import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('sizes', () => {
  it('writes bytes in the largest unit under a thousand, in the language asked', () => {
    expect(formatBytes(512, 'en')).toBe('512 byte');
    expect(formatBytes(1_500_000, 'en')).toBe('1.5 MB');
    expect(formatBytes(250_000_000, 'en')).toBe('250 MB');
    expect(formatBytes(1_500_000, 'fr')).toBe('1,5\u202fMo');
  });
});
