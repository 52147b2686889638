import { describe, expect, it } from 'vitest';
import {
  ariaSortOf,
  defaultSortColumn,
  opensNewWindow,
  selectionAfterClick,
  toggleSort,
  visibleColumns,
  type TableColumn,
} from './table-columns.ts';

const columns: TableColumn[] = [
  { prop: 'select' },
  { prop: 'beginDate', sortable: true, sortBy: 'BeginDate' },
  { prop: 'serialNumber', sortable: true },
  { prop: 'email', roles: ['administrator', 'support-manager'] },
  { prop: 'price', feature: 'SHOPPING' },
];

describe('table columns', () => {
  it('shows a column only to the roles it allows and where its feature is usable (jobs §6)', () => {
    const viewer = (roles: string[], usable: string[] = []) => ({
      roles,
      canUse: (feature: string) => usable.includes(feature),
    });
    const props = (roles: string[], usable?: string[]) =>
      visibleColumns(columns, viewer(roles, usable)).map((c) => c.prop);
    expect(props(['customer-engineering-user'])).toEqual(['select', 'beginDate', 'serialNumber']);
    expect(props(['support-manager'], ['SHOPPING'])).toEqual([
      'select',
      'beginDate',
      'serialNumber',
      'email',
      'price',
    ]);
  });

  it('sorts first by the first sortable column, by its sortBy (jobs §4)', () => {
    expect(defaultSortColumn(columns)).toBe('BeginDate');
    expect(defaultSortColumn([{ prop: 'a' }])).toBeNull();
  });

  it('toggles the sorted column, starts another ascending, and ignores a column that does not sort', () => {
    const [select, beginDate, serialNumber] = columns as [TableColumn, TableColumn, TableColumn];
    expect(toggleSort({ column: 'BeginDate', order: 'DESC' }, beginDate)).toEqual({
      column: 'BeginDate',
      order: 'ASC',
    });
    expect(toggleSort({ column: 'begindate', order: 'ASC' }, beginDate)).toEqual({
      column: 'BeginDate',
      order: 'DESC',
    });
    expect(toggleSort({ column: 'BeginDate', order: 'DESC' }, serialNumber)).toEqual({
      column: 'serialNumber',
      order: 'ASC',
    });
    expect(toggleSort({ column: 'BeginDate', order: 'DESC' }, select)).toEqual({
      column: 'BeginDate',
      order: 'DESC',
    });
  });

  it('tells assistive technology which header sorts and how', () => {
    const [select, beginDate, serialNumber] = columns as [TableColumn, TableColumn, TableColumn];
    const sort = { column: 'BeginDate', order: 'DESC' } as const;
    expect(ariaSortOf(beginDate, sort)).toBe('descending');
    expect(ariaSortOf(serialNumber, sort)).toBe('none');
    expect(ariaSortOf(select, sort)).toBeUndefined();
  });
});

describe('row clicks (jobs §2, §4)', () => {
  it('sets the selection, or toggles it when the selection can be cancelled', () => {
    expect(selectionAfterClick('select', 'a', 'a')).toBe('a');
    expect(selectionAfterClick('select', 'a', 'b')).toBe('b');
    expect(selectionAfterClick('select-cancellable', 'a', 'a')).toBeNull();
    expect(selectionAfterClick('select-cancellable', null, 'a')).toBe('a');
  });

  it('opens a new window on a ctrl, command or middle click', () => {
    expect(opensNewWindow({ button: 0, ctrlKey: true, metaKey: false })).toBe(true);
    expect(opensNewWindow({ button: 0, ctrlKey: false, metaKey: true })).toBe(true);
    expect(opensNewWindow({ button: 1, ctrlKey: false, metaKey: false })).toBe(true);
    expect(opensNewWindow({ button: 0, ctrlKey: false, metaKey: false })).toBe(false);
  });
});
