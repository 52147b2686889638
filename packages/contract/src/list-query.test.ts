import { describe, expect, it } from 'vitest';
import {
  listQueryString,
  listReducer,
  pageCount,
  parseListQuery,
  sanitizePageSize,
  sanitizeSortColumn,
  sanitizeSortOrder,
  type ListDefinition,
} from './list-query.ts';

const series: ListDefinition = {
  sortColumns: [
    'Id',
    'SerialNumber',
    'ActivationDate',
    'RegistrationDate',
    'Country',
    'Description',
    'DealerCode',
  ],
  filters: ['Search', 'StatusFilter', 'TypeFilter'],
};

describe('list query rules', () => {
  it('applies the defaults', () => {
    expect(parseListQuery(new URLSearchParams(''), series)).toEqual({
      pageNumber: 1,
      pageSize: 20,
      sortColumnName: 'Id',
      sortOrder: 'ASC',
      cursor: null,
      filters: {},
    });
  });

  it('turns a sort order outside ASC and DESC into ASC', () => {
    expect(sanitizeSortOrder('DESC')).toBe('DESC');
    expect(sanitizeSortOrder('desc')).toBe('DESC');
    expect(sanitizeSortOrder('sideways')).toBe('ASC');
    expect(sanitizeSortOrder(undefined)).toBe('ASC');
  });

  it('turns a sort column not allowed into the first allowed one', () => {
    expect(sanitizeSortColumn('Country', series.sortColumns)).toBe('Country');
    expect(sanitizeSortColumn('country', series.sortColumns)).toBe('Country');
    expect(sanitizeSortColumn('Password', series.sortColumns)).toBe('Id');
    expect(() => sanitizeSortColumn('x', [])).toThrow();
  });

  it('accepts only the offered page sizes', () => {
    for (const size of [10, 20, 40, 60, 80, 100]) expect(sanitizePageSize(String(size))).toBe(size);
    expect(sanitizePageSize('25')).toBe(20);
    expect(sanitizePageSize('abc')).toBe(20);
  });

  it('reads arrays as repeated keys, skips empty values, strips quotes and ignores unknown keys', () => {
    const state = parseListQuery(
      new URLSearchParams(
        'pageNumber=3&pageSize=40&sortColumnName=Country&sortOrder=DESC&TypeFilter=A&TypeFilter=&TypeFilter=%22B%22&Hack=1&Search=%22abc%22',
      ),
      series,
    );
    expect(state).toEqual({
      pageNumber: 3,
      pageSize: 40,
      sortColumnName: 'Country',
      sortOrder: 'DESC',
      cursor: null,
      filters: { TypeFilter: ['A', 'B'], Search: ['abc'] },
    });
    expect(parseListQuery({ pageNumber: '0', TypeFilter: ['x', 'x'] }, series)).toMatchObject({
      pageNumber: 1,
      filters: { TypeFilter: ['x'] },
    });
  });

  it('writes the state back as a flat query that parses to the same state', () => {
    const state = parseListQuery(
      new URLSearchParams('pageNumber=2&TypeFilter=A&TypeFilter=B&cursor=abc'),
      series,
    );
    const query = listQueryString(state);
    expect(query.getAll('TypeFilter')).toEqual(['A', 'B']);
    expect(parseListQuery(query, series)).toEqual(state);
  });

  it('goes back to page 1 when the search, sort or page size changes', () => {
    const state = parseListQuery(new URLSearchParams('pageNumber=5&cursor=c1'), series);
    expect(
      listReducer(state, { type: 'filters', filters: { Search: ['x'], Unknown: ['y'] } }, series),
    ).toMatchObject({
      pageNumber: 1,
      cursor: null,
      filters: { Search: ['x'] },
    });
    expect(
      listReducer(state, { type: 'sort', sortColumnName: 'Country', sortOrder: 'DESC' }, series).pageNumber,
    ).toBe(1);
    expect(listReducer(state, { type: 'pageSize', pageSize: 100 }, series)).toMatchObject({
      pageNumber: 1,
      pageSize: 100,
    });
    expect(listReducer(state, { type: 'page', pageNumber: 7 }, series).pageNumber).toBe(7);
  });

  it('counts pages by rounding up', () => {
    expect(pageCount(0, 20)).toBe(0);
    expect(pageCount(1, 20)).toBe(1);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(41, 20)).toBe(3);
  });
});
