import { ilike, or, type Column, type SQL } from 'drizzle-orm';
import { containsPattern, type ListQuery } from './list-request.ts';

/** Where a list looks for its search text: a column, an expression, or a condition of the pattern. */
export type SearchTarget = Column | SQL | SQL.Aliased | ((pattern: string) => SQL);

/**
 * The one Search of every list: rows with the text (its wildcards taken literally) in any of the
 * targets, no condition without a text; a text too long is a problem of the query.
 */
export function searchCondition(
  query: ListQuery,
  targets: readonly SearchTarget[],
  name = 'Search',
): SQL | undefined {
  const text = query.searchText(name);
  if (text === undefined) return undefined;
  const pattern = containsPattern(text);
  return or(
    ...targets.map((target) => (typeof target === 'function' ? target(pattern) : ilike(target, pattern))),
  );
}
