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
  /** Query keys of the screen around the list (a mode, say) that list changes keep. */
  keep: readonly string[] = [],
): [ListState, (action: ListAction, options?: ListDispatchOptions) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const storageKey = rememberAs ? `${REMEMBERED_PREFIX}${rememberAs}` : null;
  const described = describesList(searchParams, definition);
  const remembered = !described && storageKey ? sessionStorage.getItem(storageKey) : null;
  const source = remembered ?? searchParams.toString();
  const state = useMemo(() => parseListQuery(new URLSearchParams(source), definition), [source, definition]);

  // By content: a new array of the same keys each render changes nothing.
  const kept = keep.join('\n');
  /** A list query with the kept keys of the current one added. */
  const withKept = useCallback(
    (next: URLSearchParams, current: URLSearchParams) => {
      for (const key of kept.split('\n').filter(Boolean))
        for (const value of current.getAll(key)) next.append(key, value);
      return next;
    },
    [kept],
  );

  useEffect(() => {
    if (remembered !== null)
      void setSearchParams((current) => withKept(new URLSearchParams(remembered), current), {
        replace: true,
      });
  }, [remembered, setSearchParams, withKept]);

  useEffect(() => {
    if (storageKey && described) sessionStorage.setItem(storageKey, listQueryString(state).toString());
  }, [storageKey, described, state]);

  const dispatch = useCallback(
    (action: ListAction, options: ListDispatchOptions = {}) =>
      void setSearchParams(
        (current) =>
          withKept(
            listQueryString(listReducer(parseListQuery(current, definition), action, definition)),
            current,
          ),
        { replace: options.replace ?? false },
      ),
    [definition, setSearchParams, withKept],
  );
  return [state, dispatch];
}
