import {
  LIST_KEYS,
  listQueryString,
  listReducer,
  parseListQuery,
  type ListAction,
  type ListDefinition,
  type ListState,
} from '@fleet/contract';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const REMEMBERED_PREFIX = 'fleet.list.';

export interface ListDispatchOptions {
  /** Replaces the current history entry instead of adding one (a correction the user did not ask for). */
  replace?: boolean;
}

/** Whether a query says anything about this list; a bare link (menu, tab) does not. */
function describesList(query: URLSearchParams, definition: ListDefinition): boolean {
  return [...LIST_KEYS, ...definition.filters].some((key) => query.has(key));
}

/**
 * A list's paging, sorting and filters as a pure function of the URL query: read with the contract's
 * rules, changed through its reducer, written back as flat keys. Every change is a history entry, so
 * Back undoes it (a correction such as an out-of-range page replaces the entry instead). `rememberAs` names the list for the browser tab: arriving by a bare link brings back
 * the state the list had when the user left it.
 */
export function useListState(
  definition: ListDefinition,
  rememberAs?: string,
): [ListState, (action: ListAction, options?: ListDispatchOptions) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const storageKey = rememberAs ? `${REMEMBERED_PREFIX}${rememberAs}` : null;
  const described = describesList(searchParams, definition);
  const remembered = !described && storageKey ? sessionStorage.getItem(storageKey) : null;
  const source = remembered ?? searchParams.toString();
  const state = useMemo(() => parseListQuery(new URLSearchParams(source), definition), [source, definition]);

  useEffect(() => {
    if (remembered !== null) void setSearchParams(new URLSearchParams(remembered), { replace: true });
  }, [remembered, setSearchParams]);

  useEffect(() => {
    if (storageKey && described) sessionStorage.setItem(storageKey, listQueryString(state).toString());
  }, [storageKey, described, state]);

  const dispatch = useCallback(
    (action: ListAction, options: ListDispatchOptions = {}) =>
      void setSearchParams(
        (current) => listQueryString(listReducer(parseListQuery(current, definition), action, definition)),
        { replace: options.replace ?? false },
      ),
    [definition, setSearchParams],
  );
  return [state, dispatch];
}
