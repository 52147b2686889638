import type { ListState } from '@fleet/contract';

function withFilters(query: URLSearchParams, filters: Record<string, readonly string[]>): URLSearchParams {
  for (const [key, values] of Object.entries(filters)) for (const value of values) query.append(key, value);
  return query;
}

/** The API query of an offset-paged list (spec §7 names), filters as repeated keys. */
export function offsetListRequest(
  state: ListState,
  filters: Record<string, readonly string[]>,
): URLSearchParams {
  return withFilters(
    new URLSearchParams({
      PageNumber: String(state.pageNumber),
      PageSize: String(state.pageSize),
      SortColumnName: state.sortColumnName,
      SortOrder: state.sortOrder,
    }),
    filters,
  );
}

/** The API query of a cursor-paged list; no cursor asks for the first page. */
export function cursorListRequest(
  state: ListState,
  filters: Record<string, readonly string[]> = {},
): URLSearchParams {
  const query = new URLSearchParams({
    PageSize: String(state.pageSize),
    SortColumnName: state.sortColumnName,
    SortOrder: state.sortOrder,
  });
  if (state.cursor) query.set('cursor', state.cursor);
  return withFilters(query, filters);
}

/** A list's filters as an export request names them: each once, a repeated one as a list. */
export function exportFilters(filters: Record<string, readonly string[]>): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(filters).map(([name, values]) => [name, values.length === 1 ? values[0]! : [...values]]),
  );
}
