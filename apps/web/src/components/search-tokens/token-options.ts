import type { SearchTokenDefinition } from '@fleet/contract';

export interface TokenOption {
  value: string;
  label: string;
}

/**
 * The values a token type offers: a list, null while it loads, undefined when the type takes free
 * text only.
 */
export type TokenOptions = (definition: SearchTokenDefinition) => readonly TokenOption[] | null | undefined;

/** Options whose label contains the search text (any case), at most `limit` of them. */
export function filterOptions(options: readonly TokenOption[], search: string, limit: number): TokenOption[] {
  const needle = search.trim().toLowerCase();
  const matching = needle ? options.filter((option) => option.label.toLowerCase().includes(needle)) : options;
  return matching.slice(0, limit);
}

/** A date token's data as shown: `start – end` for a range. */
export function dateTokenText(data: string): string {
  return data.replace('/', ' – ');
}
