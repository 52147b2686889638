import {
  filtersFromTokens,
  tokenLimitProblems,
  tokensFromFilters,
  type ListAction,
  type ListState,
  type SearchToken,
  type SearchTokenDefinition,
  type TokenLimitProblem,
} from '@fleet/contract';
import { useTranslation } from 'react-i18next';
import { limitProblemText } from './token-options';

export interface TokenFilters {
  /** The tokens of the list's URL this user may use. */
  tokens: SearchToken[];
  /** Their filter values, as the list's request sends them. */
  filters: Record<string, string[]>;
  /** A value the server would refuse: the list is not asked for. */
  limitProblem: TokenLimitProblem | null;
  /** What the list shows instead while a value breaks a limit (for `ListContent`). */
  blocked: { title: string; text: string } | null;
  /** The filter bar's change: new tokens become the list's filters (back to its first page). */
  setTokens: (tokens: readonly SearchToken[]) => void;
}

/** The search tokens of a list kept in its URL: read, checked against the limits, and written back. */
export function useTokenFilters(
  list: ListState,
  dispatch: (action: ListAction) => void,
  definitions: readonly SearchTokenDefinition[],
): TokenFilters {
  const { t } = useTranslation();
  const tokens = tokensFromFilters(list.filters, definitions);
  const limitProblem = tokenLimitProblems(tokens)[0] ?? null;
  return {
    tokens,
    filters: filtersFromTokens(tokens, definitions),
    limitProblem,
    blocked: limitProblem && {
      title: t('list.states.not_sent'),
      text: limitProblemText(limitProblem, definitions, t),
    },
    setTokens: (next) => dispatch({ type: 'filters', filters: filtersFromTokens(next, definitions) }),
  };
}
