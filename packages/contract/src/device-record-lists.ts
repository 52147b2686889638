import { CONNECTION_PAGE_SIZE, UPDATE_SORT_COLUMNS } from './device-records.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { SCREENSHOT_SORT_COLUMNS } from './screenshots.ts';

/** The lists of a device's tabs, kept in the URL like every list (spec §2); all newest first by default. */
export const SCREENSHOT_LIST: ListDefinition = {
  sortColumns: SCREENSHOT_SORT_COLUMNS,
  defaultSortOrder: 'DESC',
  filters: [],
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

export const UPDATE_HISTORY_LIST: ListDefinition = {
  sortColumns: UPDATE_SORT_COLUMNS,
  defaultSortOrder: 'DESC',
  filters: [],
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
};

/** Spec §2: paged by pageNumber (default 1) and pageSize (default 20); always newest first. */
export const CONNECTION_HISTORY_LIST: ListDefinition = {
  sortColumns: ['ConnectionDate'],
  defaultSortOrder: 'DESC',
  filters: [],
  pageSizes: PAGE_SIZES,
  defaultPageSize: CONNECTION_PAGE_SIZE,
};
