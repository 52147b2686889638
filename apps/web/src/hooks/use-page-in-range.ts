import { pageInRange, type ListAction, type ListState } from '@fleet/contract';
import { useEffect } from 'react';
import type { ListDispatchOptions } from './use-list-state';

/**
 * Sends a page beyond the last one (page 999 of 100, a link from when the list was longer) to the last
 * page, replacing the URL, once the total is known. Answers whether the page shown is out of range, so
 * that the list shows it is loading rather than "nothing to show".
 */
export function usePageInRange(
  list: ListState,
  dispatch: (action: ListAction, options?: ListDispatchOptions) => void,
  totalCount: number | undefined,
): boolean {
  const target = totalCount === undefined ? null : pageInRange(list.pageNumber, list.pageSize, totalCount);
  useEffect(() => {
    if (target !== null) dispatch({ type: 'page', pageNumber: target }, { replace: true });
  }, [target, dispatch]);
  return target !== null;
}
