import { ACCESSORY_SORT_COLUMNS } from './accessories.ts';
import { ACCESSORY_TOKENS } from './accessory-tokens.ts';
import { CURSOR_PAGE_SIZE, PAGE_SIZES, type ListDefinition } from './list-query.ts';
import { tokenFilterKeys } from './search-tokens.ts';

/** The accessories list: cursor-paged, 10 a page by default (spec §9), the page sizes of every list, two filter tokens. */
export const ACCESSORIES_LIST: ListDefinition = {
  sortColumns: ACCESSORY_SORT_COLUMNS,
  filters: tokenFilterKeys(ACCESSORY_TOKENS),
  pageSizes: PAGE_SIZES,
  defaultPageSize: CURSOR_PAGE_SIZE,
};
