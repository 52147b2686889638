/** Rows written by one statement: well within the database's parameters for any of our tables. */
export const ROWS_PER_STATEMENT = 500;

/** The items in runs of at most `size`: statements of many rows stay within the database's parameters. */
export function* chunksOf<T>(items: readonly T[], size = ROWS_PER_STATEMENT): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
