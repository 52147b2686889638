import { describe, expect, it } from 'vitest';
import {
  FILTER_VALUE_MAX_LENGTH,
  SEARCH_MAX_LENGTH,
  tokenLimitProblems,
  valueLimitProblem,
} from './search-limits.ts';
import type { SearchToken } from './search-tokens.ts';

const token = (type: string, data: string): SearchToken => ({ type, value: { data, operator: 'equal' } });

describe('search limits', () => {
  it('are the server’s: a search of 100 characters, any other value of 200', () => {
    expect(SEARCH_MAX_LENGTH).toBe(100);
    expect(FILTER_VALUE_MAX_LENGTH).toBe(200);
    expect(valueLimitProblem('Search', 'x'.repeat(100))).toBeNull();
    expect(valueLimitProblem('Search', 'x'.repeat(101))).toEqual({
      type: 'Search',
      problem: 'too_long',
      max: 100,
      length: 101,
    });
    expect(valueLimitProblem('MakerFilter', 'x'.repeat(200))).toBeNull();
    expect(valueLimitProblem('MakerFilter', 'x'.repeat(201))?.max).toBe(200);
  });

  it('name each key that breaks a limit once, and nothing when all fit', () => {
    expect(tokenLimitProblems([token('Search', 'abc'), token('MakerFilter', 'Kessler')])).toEqual([]);
    const problems = tokenLimitProblems([
      token('Search', 'x'.repeat(500)),
      token('TypeFilter', 'y'.repeat(300)),
      token('TypeFilter', 'z'.repeat(300)),
      ...Array.from({ length: 101 }, (_, i) => token('DealerCodeFilter', `D-${i}`)),
    ]);
    expect(problems).toEqual([
      { type: 'Search', problem: 'too_long', max: 100, length: 500 },
      { type: 'TypeFilter', problem: 'too_long', max: 200, length: 300 },
      { type: 'DealerCodeFilter', problem: 'too_many', max: 100, count: 101 },
    ]);
  });
});
