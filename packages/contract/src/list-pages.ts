import { pageCount } from './list-query.ts';

/**
 * The page an offset-paged list should show instead of the one asked for, or null when that one exists:
 * beyond the last page (page 999 of 100) the last page; with nothing at all, page 1.
 */
export function pageInRange(pageNumber: number, pageSize: number, totalCount: number): number | null {
  const last = Math.max(1, pageCount(totalCount, pageSize));
  return pageNumber > last ? last : null;
}
