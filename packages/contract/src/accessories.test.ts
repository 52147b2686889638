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
});
