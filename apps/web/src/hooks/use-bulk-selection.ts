import { BULK_LIMIT } from '@fleet/contract';
import { useMemo, useState } from 'react';

/** Adds `ids` to a selection, in order, without going over `limit`. */
export function selectUpTo(selected: readonly string[], ids: readonly string[], limit: number): string[] {
  const next = [...selected];
  for (const id of ids) {
    if (next.length >= limit) break;
    if (!next.includes(id)) next.push(id);
  }
  return next;
}

export interface BulkSelection {
  selected: readonly string[];
  limit: number;
  full: boolean;
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  select: (ids: readonly string[]) => void;
  unselect: (ids: readonly string[]) => void;
  clear: () => void;
}

/** Items picked for a bulk action, across pages, capped at the bulk limit (spec §5: 100). */
export function useBulkSelection(limit: number = BULK_LIMIT): BulkSelection {
  const [selected, setSelected] = useState<readonly string[]>([]);
  return useMemo(() => {
    const unselect = (ids: readonly string[]) =>
      setSelected((current) => current.filter((id) => !ids.includes(id)));
    return {
      selected,
      limit,
      full: selected.length >= limit,
      isSelected: (id) => selected.includes(id),
      toggle: (id) =>
        selected.includes(id) ? unselect([id]) : setSelected((current) => selectUpTo(current, [id], limit)),
      select: (ids) => setSelected((current) => selectUpTo(current, ids, limit)),
      unselect,
      clear: () => setSelected([]),
    };
  }, [selected, limit]);
}
