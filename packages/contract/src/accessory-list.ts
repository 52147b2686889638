import { ACCESSORY_SORT_COLUMNS } from './accessories.ts';
import { CURSOR_PAGE_SIZE, type ListDefinition } from './list-query.ts';

/** The accessories list: cursor-paged, 10 a page (spec §9), no filter tokens. */
export const ACCESSORIES_LIST: ListDefinition = {
  sortColumns: ACCESSORY_SORT_COLUMNS,
  filters: [],
  pageSizes: [CURSOR_PAGE_SIZE],
  defaultPageSize: CURSOR_PAGE_SIZE,
};
