import { describe, expect, it } from 'vitest';
import { readCursorPaging } from './accessories.ts';

describe('cursor paging headers', () => {
  it('reads the six headers, True and False as booleans', () => {
    const headers = new Headers({
      'x-paging-first-page': 'first',
      'x-paging-has-next': 'True',
      'x-paging-has-previous': 'False',
      'x-paging-last-page': 'last',
      'x-paging-next-page': 'n1',
      'x-paging-previous-page': '',
    });
    expect(readCursorPaging((name) => headers.get(name))).toEqual({
      firstPage: 'first',
      hasNext: true,
      hasPrevious: false,
      lastPage: 'last',
      nextPage: 'n1',
      previousPage: null,
    });
  });

  it('reads them under the names of the spec too (argosFirstPage…), whatever their case', () => {
    const headers = new Headers({
      argosFirstPage: 'first',
      argosHasNext: 'False',
      argosHasPrevious: 'True',
      argosLastPage: 'last',
      argosNextPage: '',
      argosPreviousPage: 'p1',
    });
    const lowerCased = Object.fromEntries([...headers.entries()]);
    const expected = {
      firstPage: 'first',
      hasNext: false,
      hasPrevious: true,
      lastPage: 'last',
      nextPage: null,
      previousPage: 'p1',
    };
    expect(readCursorPaging((name) => headers.get(name))).toEqual(expected);
    expect(readCursorPaging((name) => lowerCased[name])).toEqual(expected);
  });
});
