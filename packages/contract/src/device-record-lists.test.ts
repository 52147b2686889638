import { describe, expect, it } from 'vitest';
import { CONNECTION_HISTORY_LIST, SCREENSHOT_LIST, UPDATE_HISTORY_LIST } from './device-record-lists.ts';
import { parseListQuery } from './list-query.ts';

describe('device record lists', () => {
  it('show the newest first, 20 a page, when the URL says nothing', () => {
    for (const list of [SCREENSHOT_LIST, UPDATE_HISTORY_LIST, CONNECTION_HISTORY_LIST]) {
      const state = parseListQuery(new URLSearchParams(), list);
      expect(state).toMatchObject({ pageNumber: 1, pageSize: 20, sortOrder: 'DESC' });
    }
    expect(parseListQuery(new URLSearchParams(), SCREENSHOT_LIST).sortColumnName).toBe('Date');
    expect(parseListQuery(new URLSearchParams(), UPDATE_HISTORY_LIST).sortColumnName).toBe('UpdateDate');
  });

  it('read the connection page from the URL', () => {
    const state = parseListQuery(new URLSearchParams('pageNumber=3&pageSize=40'), CONNECTION_HISTORY_LIST);
    expect(state).toMatchObject({ pageNumber: 3, pageSize: 40 });
  });
});
