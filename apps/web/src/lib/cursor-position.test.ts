import { describe, expect, it } from 'vitest';
import { positionAfter, positionOf } from './cursor-position';

const paging = (hasPrevious: boolean, hasNext: boolean) => ({
  firstPage: 'first',
  lastPage: 'last',
  hasPrevious,
  hasNext,
  previousPage: hasPrevious ? 'p' : null,
  nextPage: hasNext ? 'n' : null,
});

describe('cursor position', () => {
  it('counts pages from the first one, and from the last one', () => {
    const second = positionAfter({ from: 'start', page: 1 }, 'next');
    expect(second).toEqual({ from: 'start', page: 2 });
    expect(positionAfter(second, 'previous')).toEqual({ from: 'start', page: 1 });
    const beforeLast = positionAfter(positionAfter(second, 'last'), 'previous');
    expect(beforeLast).toEqual({ from: 'end', page: 2 });
    expect(positionAfter(beforeLast, 'next')).toEqual({ from: 'end', page: 1 });
    expect(positionAfter(null, 'next')).toBeNull();
    expect(positionAfter(beforeLast, 'first')).toEqual({ from: 'start', page: 1 });
  });

  it('says only what is known: the first and last pages from the answer, the rest from the moves', () => {
    expect(positionOf(null, paging(false, true))).toEqual({ from: 'start', page: 1, last: false });
    expect(positionOf({ from: 'start', page: 3 }, paging(true, false))).toEqual({
      from: 'start',
      page: 3,
      last: true,
    });
    expect(positionOf(null, paging(true, false))).toEqual({ from: 'end', page: 1, last: true });
    expect(positionOf({ from: 'end', page: 2 }, paging(true, true))).toEqual({
      from: 'end',
      page: 2,
      last: false,
    });
    expect(positionOf(null, paging(true, true))).toBeNull();
    expect(positionOf(null, null)).toBeNull();
  });
});
