import { seriesFilterSuggestionsSchema } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api';

const SUGGESTIONS_STALE_MS = 5 * 60_000;

/** The values the filter tokens offer (at most 1,000 each); loaded when the filter bar is first opened. */
export function filterSuggestionsQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: ['series-filter-suggestions'],
    queryFn: ({ signal }) =>
      apiRequest('/Series/User/FilterSuggestion', { schema: seriesFilterSuggestionsSchema, signal }),
    staleTime: SUGGESTIONS_STALE_MS,
    enabled,
  });
}
