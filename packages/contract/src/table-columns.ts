import type { SortOrder } from './list-query.ts';
import { hasAnyRole } from './roles.ts';

/**
 * A table column (jobs §3). `labelLang` is the translation key of its header (`label_lang`), `label` a
 * text shown as it is; `sortBy` is the sort column the server knows it by, when not its `prop`.
 */
export interface TableColumn {
  prop: string;
  label?: string;
  labelLang?: string;
  sortable?: boolean;
  sortBy?: string;
  /** Roles that see the column; empty or missing: every role (jobs §6). */
  roles?: readonly string[];
  /** A feature the column needs, as the one access check reads it. */
  feature?: string;
  /** How its values are laid out: a number or a date aligns right, say. */
  type?: 'text' | 'number' | 'date' | 'status' | 'action';
  styleJustify?: 'left' | 'center' | 'right';
  /** On a narrow screen, where a row becomes a card, its header is written beside the value. */
  showLabelOnSmall?: boolean;
  /** Long values wrap between words only (names); by default they may break anywhere (codes, IDs). */
  forceNormalWordBreak?: boolean;
}

export interface ColumnViewer {
  roles: readonly string[];
  canUse: (feature: string) => boolean;
}

/** Jobs §6: a column shows only to a role it allows and, when it names a feature, that is usable. */
export function visibleColumns<C extends TableColumn>(columns: readonly C[], viewer: ColumnViewer): C[] {
  return columns.filter(
    (column) => hasAnyRole(column.roles, viewer.roles) && (!column.feature || viewer.canUse(column.feature)),
  );
}

/** The sort column a column stands for: its `sortBy`, else its `prop`. */
export function sortKeyOf(column: TableColumn): string {
  return column.sortBy ?? column.prop;
}

/** Jobs §4: the initial sort column is the first sortable column; null when none is. */
export function defaultSortColumn(columns: readonly TableColumn[]): string | null {
  const first = columns.find((column) => column.sortable);
  return first ? sortKeyOf(first) : null;
}

export interface TableSort {
  column: string;
  order: SortOrder;
}

/**
 * Jobs §4: clicking the header of the sorted column toggles ASC and DESC; another sortable column
 * becomes the sort, ascending. A column that is not sortable changes nothing.
 */
export function toggleSort(current: TableSort, clicked: TableColumn): TableSort {
  if (!clicked.sortable) return current;
  const column = sortKeyOf(clicked);
  if (column.toLowerCase() !== current.column.toLowerCase()) return { column, order: 'ASC' };
  return { column, order: current.order === 'ASC' ? 'DESC' : 'ASC' };
}

/** What a header tells assistive technology of the sort (`aria-sort`); undefined when not sortable. */
export function ariaSortOf(
  column: TableColumn,
  current: TableSort,
): 'ascending' | 'descending' | 'none' | undefined {
  if (!column.sortable) return undefined;
  if (sortKeyOf(column).toLowerCase() !== current.column.toLowerCase()) return 'none';
  return current.order === 'ASC' ? 'ascending' : 'descending';
}

/** What clicking a row does (jobs §2). */
export const ROW_CLICK_MODES = ['callback', 'select', 'select-cancellable', 'redirect'] as const;
export type RowClickMode = (typeof ROW_CLICK_MODES)[number];

/** Jobs §4: select sets the selection; select-cancellable toggles it (a second click deselects). */
export function selectionAfterClick<K>(
  mode: 'select' | 'select-cancellable',
  selected: K | null,
  clicked: K,
): K | null {
  return mode === 'select-cancellable' && selected === clicked ? null : clicked;
}

/** Jobs §2: a ctrl (or command) click or a middle click opens the row's route in a new window. */
export function opensNewWindow(click: { button: number; ctrlKey: boolean; metaKey: boolean }): boolean {
  return click.button === 1 || click.ctrlKey || click.metaKey;
}
