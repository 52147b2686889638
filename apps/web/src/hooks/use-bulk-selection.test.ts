import { describe, expect, it } from 'vitest';
import { selectUpTo } from './use-bulk-selection';

describe('bulk selection', () => {
  it('adds in order, once each, never beyond the limit', () => {
    expect(selectUpTo(['a'], ['a', 'b', 'c', 'd'], 3)).toEqual(['a', 'b', 'c']);
    expect(selectUpTo(['a', 'b', 'c'], ['d'], 3)).toEqual(['a', 'b', 'c']);
  });
});
