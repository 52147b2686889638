import { useCallback } from 'react';
import type { ListAction } from '@fleet/contract';
import { FIRST_POSITION, positionAfter, type CursorMove, type CursorPosition } from '../lib/cursor-position';

/** Positions of the cursors seen in this tab, by list query (filters, sort, size) and cursor. */
const positions = new Map<string, CursorPosition>();

/**
 * The position of the page a cursor list shows, learnt from the moves that led to it (First, Next…),
 * and `follow`, the pager's move: it records where the move leads, then moves the list there.
 */
export function useCursorPosition(
  listKey: string,
  cursor: string | null,
  dispatch: (action: ListAction) => void,
) {
  const position = cursor === null ? FIRST_POSITION : (positions.get(`${listKey}|${cursor}`) ?? null);
  const follow = useCallback(
    (target: string | null, kind: CursorMove) => {
      const next = positionAfter(position, kind);
      const key = `${listKey}|${target}`;
      // A place counted from the first page says more than one counted from the end: it is kept.
      if (target !== null && next && !(next.from === 'end' && positions.get(key)?.from === 'start'))
        positions.set(key, next);
      dispatch({ type: 'cursor', cursor: target });
    },
    [listKey, position, dispatch],
  );
  return { position, follow };
}
