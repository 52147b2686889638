import type { CursorPaging } from '@fleet/contract';

/**
 * Where a page of a cursor-paged list is, as far as the console knows it: counted from the first page
 * (reached by Next from there) or from the last one (reached by Previous from there). The server gives no
 * total, so nothing else is known.
 */
export interface CursorPosition {
  from: 'start' | 'end';
  page: number;
}

export type CursorMove = 'first' | 'previous' | 'next' | 'last';

export const FIRST_POSITION: CursorPosition = { from: 'start', page: 1 };

/** The position a move leads to from `current`; null when it cannot be known. */
export function positionAfter(current: CursorPosition | null, move: CursorMove): CursorPosition | null {
  if (move === 'first') return FIRST_POSITION;
  if (move === 'last') return { from: 'end', page: 1 };
  if (!current) return null;
  const forward = (move === 'next') === (current.from === 'start');
  const page = current.page + (forward ? 1 : -1);
  return page >= 1 ? { from: current.from, page } : null;
}

/**
 * What can truthfully be said of the page shown: its number from the start, that it is the last one,
 * or its place from the end; the answer's paging settles the first and last pages; null: nothing.
 */
export function positionOf(
  known: CursorPosition | null,
  paging: CursorPaging | null,
): { from: 'start' | 'end'; page: number; last: boolean } | null {
  const last = paging !== null && !paging.hasNext;
  if (paging && !paging.hasPrevious) return { from: 'start', page: 1, last };
  if (known?.from === 'start') return { ...known, last };
  if (last) return { from: 'end', page: 1, last };
  if (known) return { ...known, last: false };
  return null;
}
