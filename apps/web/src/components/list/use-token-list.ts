import type { ListDefinition, SearchTokenDefinition } from '@fleet/contract';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useErrorToastOnce } from '../../hooks/use-error-toast-once';
import { useListState } from '../../hooks/use-list-state';
import { usePageInRange } from '../../hooks/use-page-in-range';
import { offsetListRequest } from '../../lib/list-request';
import { useAvailableTokens } from '../search-tokens/use-available-tokens';
import { useTokenFilters } from '../search-tokens/use-token-filters';
import { keptWhileOffline } from './kept-while-offline';

interface TokenListOptions<TData extends { totalCount: number }, TKey extends QueryKey> {
  definition: ListDefinition;
  /** Where the list's state is remembered between visits. */
  rememberAs: string;
  /** Query keys of the screen around the list that list changes keep. */
  keep?: readonly string[];
  tokens: readonly SearchTokenDefinition[];
  /** The list's read for a request of the list engine (page, size, order and filters). */
  query: (request: URLSearchParams) => UseQueryOptions<TData, Error, TData, TKey>;
  /** The action a failed read names in its toast (`errors.actions.<action>`). */
  errorAction: string;
  /** The tokens' filters as the query sends them, where they differ (a day token's period, say). */
  queryFilters?: (filters: Record<string, readonly string[]>) => Record<string, readonly string[]>;
}

/**
 * A paged list read by filter tokens kept in the URL: its state, its tokens, and its read, not asked while
 * a token breaks a limit; one toast per failure period; the page brought back in range when the list
 * shrinks. `TokenListFrame` shows it.
 */
export function useTokenList<TData extends { totalCount: number }, TKey extends QueryKey = QueryKey>(
  options: TokenListOptions<TData, TKey>,
) {
  const [list, dispatch] = useListState(options.definition, options.rememberAs, options.keep);
  const definitions = useAvailableTokens(options.tokens);
  const tokenFilters = useTokenFilters(list, dispatch, definitions);
  const queryFilters = options.queryFilters?.(tokenFilters.filters) ?? tokenFilters.filters;
  const call = useQuery({
    ...options.query(offsetListRequest(list, queryFilters)),
    enabled: !tokenFilters.limitProblem,
    placeholderData: keptWhileOffline,
  });
  useErrorToastOnce(call, {
    action: options.errorAction,
    resetKey: JSON.stringify([tokenFilters.filters, list.sortColumnName]),
  });
  usePageInRange(list, dispatch, call.data?.totalCount);
  return { list, dispatch, definitions, ...tokenFilters, queryFilters, call };
}

export type TokenList<TData extends { totalCount: number }> = ReturnType<
  typeof useTokenList<TData, QueryKey>
>;
