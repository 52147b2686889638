import { describe, expect, it } from 'vitest';
import { pageInRange } from './list-pages.ts';

describe('page in range', () => {
  it('keeps a page that exists', () => {
    expect(pageInRange(1, 20, 2000)).toBeNull();
    expect(pageInRange(100, 20, 2000)).toBeNull();
    expect(pageInRange(1, 20, 0)).toBeNull();
  });

  it('sends a page beyond the last one to the last one, and any page of an empty list to page 1', () => {
    expect(pageInRange(999, 20, 2000)).toBe(100);
    expect(pageInRange(101, 20, 2001)).toBeNull();
    expect(pageInRange(102, 20, 2001)).toBe(101);
    expect(pageInRange(3, 20, 0)).toBe(1);
  });
});
