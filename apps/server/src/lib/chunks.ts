/** The items in runs of at most `size`: statements of many rows stay within the database's parameters. */
export function* chunksOf<T>(items: readonly T[], size: number): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
