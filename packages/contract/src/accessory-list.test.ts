import { describe, expect, it } from 'vitest';
import { ACCESSORIES_LIST } from './accessory-list.ts';
import { listReducer, parseListQuery } from './list-query.ts';

describe('accessories list', () => {
  it('pages by cursor, 10 a page, whatever size the URL asks for', () => {
    const state = parseListQuery(
      new URLSearchParams('pageSize=40&cursor=abc&sortColumnName=registrationdate'),
      ACCESSORIES_LIST,
    );
    expect(state).toMatchObject({
      pageSize: 10,
      cursor: 'abc',
      sortColumnName: 'RegistrationDate',
      filters: {},
    });
  });

  it('goes back to the first page when the sort changes', () => {
    const state = parseListQuery(new URLSearchParams('cursor=abc'), ACCESSORIES_LIST);
    expect(
      listReducer(state, { type: 'sort', sortColumnName: 'Id', sortOrder: 'DESC' }, ACCESSORIES_LIST).cursor,
    ).toBeNull();
  });
});
