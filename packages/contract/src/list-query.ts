/**
 * The list engine's rules (spec §5, jobs §3 and §5): paging, sorting and filter tokens kept in the
 * URL query. The console parses and writes the URL with them; the server sanitises requests with them.
 */
export const PAGE_SIZES = [10, 20, 40, 60, 80, 100] as const;
export const DEFAULT_PAGE_NUMBER = 1;
export const DEFAULT_PAGE_SIZE = 20;
export const CURSOR_PAGE_SIZE = 10;
export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Query keys of the paging and sorting state; every other known key is a filter. */
export const LIST_KEYS = ['pageNumber', 'pageSize', 'sortColumnName', 'sortOrder', 'cursor'] as const;

export interface ListDefinition {
  /** Sort columns allowed; the first is the fallback. */
  sortColumns: readonly string[];
  defaultSortOrder?: SortOrder;
  /** Filter keys this list knows; others are ignored. */
  filters: readonly string[];
  pageSizes?: readonly number[];
  defaultPageSize?: number;
}

export interface ListState {
  pageNumber: number;
  pageSize: number;
  sortColumnName: string;
  sortOrder: SortOrder;
  cursor: string | null;
  filters: Record<string, string[]>;
}

/** Surrounding double quotes are stripped: `"abc"` -> `abc`. */
export function stripQuotes(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

export function sanitizeSortOrder(value: unknown): SortOrder {
  return typeof value === 'string' && value.toUpperCase() === 'DESC' ? 'DESC' : 'ASC';
}

export function sanitizeSortColumn(value: unknown, allowed: readonly string[]): string {
  const first = allowed[0];
  if (first === undefined) throw new Error('a list needs at least one sort column');
  if (typeof value !== 'string') return first;
  return allowed.find((column) => column.toLowerCase() === value.toLowerCase()) ?? first;
}

export function sanitizePageNumber(value: unknown): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : DEFAULT_PAGE_NUMBER;
}

export function sanitizePageSize(
  value: unknown,
  sizes: readonly number[] = PAGE_SIZES,
  fallback = DEFAULT_PAGE_SIZE,
): number {
  const number = Number(value);
  return sizes.includes(number) ? number : fallback;
}

/** Spec §9: the page count is totalCount / pageSize rounded up. */
export function pageCount(totalCount: number, pageSize: number): number {
  return pageSize > 0 ? Math.ceil(Math.max(0, totalCount) / pageSize) : 0;
}

type QueryInput = URLSearchParams | Record<string, string | readonly string[] | undefined>;

/** Every value of a key, repeated keys as an array, empty values skipped, quotes stripped. */
function valuesOf(query: QueryInput, key: string): string[] {
  const raw = query instanceof URLSearchParams ? query.getAll(key) : [query[key] ?? []].flat();
  return raw.map((value) => stripQuotes(value.trim())).filter((value) => value !== '');
}

/** The list state a URL query describes; unknown keys are ignored. */
export function parseListQuery(query: QueryInput, definition: ListDefinition): ListState {
  const first = (key: string) => valuesOf(query, key)[0];
  const filters: Record<string, string[]> = {};
  for (const key of definition.filters) {
    const values = [...new Set(valuesOf(query, key))];
    if (values.length > 0) filters[key] = values;
  }
  const order = first('sortOrder');
  return {
    pageNumber: sanitizePageNumber(first('pageNumber')),
    pageSize: sanitizePageSize(first('pageSize'), definition.pageSizes, definition.defaultPageSize),
    sortColumnName: sanitizeSortColumn(first('sortColumnName'), definition.sortColumns),
    sortOrder: order === undefined ? (definition.defaultSortOrder ?? 'ASC') : sanitizeSortOrder(order),
    cursor: first('cursor') ?? null,
    filters,
  };
}

/** The URL query of a list state: flat keys, arrays as repeated keys, empty values left out. */
export function listQueryString(state: ListState): URLSearchParams {
  const query = new URLSearchParams();
  query.set('pageNumber', String(state.pageNumber));
  query.set('pageSize', String(state.pageSize));
  query.set('sortColumnName', state.sortColumnName);
  query.set('sortOrder', state.sortOrder);
  if (state.cursor) query.set('cursor', state.cursor);
  for (const [key, values] of Object.entries(state.filters)) {
    for (const value of values) if (value !== '') query.append(key, value);
  }
  return query;
}

export type ListAction =
  | { type: 'page'; pageNumber: number }
  | { type: 'pageSize'; pageSize: number }
  | { type: 'sort'; sortColumnName: string; sortOrder: SortOrder }
  | { type: 'cursor'; cursor: string | null }
  | { type: 'filters'; filters: Record<string, string[]> };

/** Changes a list state; a new search, sort or page size goes back to page 1 (and the first cursor). */
export function listReducer(state: ListState, action: ListAction, definition: ListDefinition): ListState {
  switch (action.type) {
    case 'page':
      return { ...state, pageNumber: sanitizePageNumber(action.pageNumber) };
    case 'pageSize':
      return {
        ...state,
        pageSize: sanitizePageSize(action.pageSize, definition.pageSizes, definition.defaultPageSize),
        pageNumber: 1,
        cursor: null,
      };
    case 'sort':
      return {
        ...state,
        sortColumnName: sanitizeSortColumn(action.sortColumnName, definition.sortColumns),
        sortOrder: sanitizeSortOrder(action.sortOrder),
        pageNumber: 1,
        cursor: null,
      };
    case 'cursor':
      return { ...state, cursor: action.cursor };
    case 'filters': {
      const filters: Record<string, string[]> = {};
      for (const [key, values] of Object.entries(action.filters)) {
        if (!definition.filters.includes(key)) continue;
        const kept = [...new Set(values.map((v) => stripQuotes(v.trim())).filter(Boolean))];
        if (kept.length > 0) filters[key] = kept;
      }
      return { ...state, filters, pageNumber: 1, cursor: null };
    }
  }
}
