import { useCallback } from 'react';
import { FIRST_POSITION, positionAfter, type CursorMove, type CursorPosition } from '../lib/cursor-position';

/** Positions of the cursors seen in this tab, by list query (filters, sort, size) and cursor. */
const positions = new Map<string, CursorPosition>();

/**
 * The position of the page a cursor list shows, learnt from the moves that led to it (First, Next…),
 * and `move` to record where a move leads before following it.
 */
export function useCursorPosition(listKey: string, cursor: string | null) {
  const position = cursor === null ? FIRST_POSITION : (positions.get(`${listKey}|${cursor}`) ?? null);
  const move = useCallback(
    (target: string | null, kind: CursorMove) => {
      const next = positionAfter(position, kind);
      if (target === null || !next) return;
      // A place counted from the first page says more than one counted from the end: it is kept.
      const key = `${listKey}|${target}`;
      if (next.from === 'end' && positions.get(key)?.from === 'start') return;
      positions.set(key, next);
    },
    [listKey, position],
  );
  return { position, move };
}
