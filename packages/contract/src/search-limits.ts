import type { SearchToken } from './search-tokens.ts';

/**
 * What the server accepts of a list's filters (spec §7 lists): the free search at most 100 characters,
 * any other value at most 200, at most 100 values for one key. The console checks them before it
 * sends a request, so a refused search is explained in the filter bar instead of failing.
 */
export const SEARCH_MAX_LENGTH = 100;
export const FILTER_VALUE_MAX_LENGTH = 200;
export const FILTER_VALUES_MAX = 100;

/** Query keys whose values have their own, shorter limit. */
const MAX_LENGTHS: Readonly<Record<string, number>> = { Search: SEARCH_MAX_LENGTH };

export function filterValueMaxLength(type: string): number {
  return MAX_LENGTHS[type] ?? FILTER_VALUE_MAX_LENGTH;
}

export type TokenLimitProblem =
  | { type: string; problem: 'too_long'; max: number; length: number }
  | { type: string; problem: 'too_many'; max: number; count: number };

/** Whether one value fits its key; null when it does. */
export function valueLimitProblem(type: string, value: string): TokenLimitProblem | null {
  const max = filterValueMaxLength(type);
  const length = value.trim().length;
  return length > max ? { type, problem: 'too_long', max, length } : null;
}

/** Every limit the tokens break, at most one problem per key; none means the request may be sent. */
export function tokenLimitProblems(tokens: readonly SearchToken[]): TokenLimitProblem[] {
  const problems: TokenLimitProblem[] = [];
  const counts = new Map<string, number>();
  for (const token of tokens) counts.set(token.type, (counts.get(token.type) ?? 0) + 1);
  for (const [type, count] of counts) {
    const tooLong = tokens
      .filter((token) => token.type === type)
      .map((token) => valueLimitProblem(type, token.value.data))
      .find((problem) => problem !== null);
    if (tooLong) problems.push(tooLong);
    else if (count > FILTER_VALUES_MAX)
      problems.push({ type, problem: 'too_many', max: FILTER_VALUES_MAX, count });
  }
  return problems;
}
