import { describe, expect, it } from 'vitest';
import { ACCESSORIES_LIST } from './accessory-list.ts';
import { listReducer, parseListQuery } from './list-query.ts';

describe('accessories list', () => {
  it('pages by cursor, 10 a page unless the URL asks for another page size of the list rules', () => {
    const state = parseListQuery(
      new URLSearchParams('pageSize=40&cursor=abc&sortColumnName=registrationdate'),
      ACCESSORIES_LIST,
    );
    expect(state).toMatchObject({
      pageSize: 40,
      cursor: 'abc',
      sortColumnName: 'RegistrationDate',
      filters: {},
    });
    expect(parseListQuery(new URLSearchParams('pageSize=15'), ACCESSORIES_LIST).pageSize).toBe(10);
  });

  it('reads its two filters: accessory serial numbers (repeated) and one device serial number', () => {
    const state = parseListQuery(
      new URLSearchParams(
        'AccessoriesSerialNumbers=CLMPA0000000001&AccessoriesSerialNumbers=CLMPA0000000002&SeriesSerialNumber=ALIGN0000000001&Search=x',
      ),
      ACCESSORIES_LIST,
    );
    expect(state.filters).toEqual({
      AccessoriesSerialNumbers: ['CLMPA0000000001', 'CLMPA0000000002'],
      SeriesSerialNumber: ['ALIGN0000000001'],
    });
  });

  it('goes back to the first page when the sort changes', () => {
    const state = parseListQuery(new URLSearchParams('cursor=abc'), ACCESSORIES_LIST);
    expect(
      listReducer(state, { type: 'sort', sortColumnName: 'Id', sortOrder: 'DESC' }, ACCESSORIES_LIST).cursor,
    ).toBeNull();
  });
});
