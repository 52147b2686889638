import { visibleColumns, type TableColumn } from '@fleet/contract';
import { useMemo } from 'react';
import { useFeatureCheck } from '../../hooks/use-can-use';
import { useMe } from '../../hooks/use-me';
import type { FeatureCode } from '@fleet/contract';

/** The columns the signed-in user may see (jobs §6): by role, and by feature through the one access check. */
export function useVisibleColumns<C extends TableColumn>(columns: readonly C[]): C[] {
  const { data: me } = useMe();
  const canUse = useFeatureCheck();
  return useMemo(
    () =>
      visibleColumns(columns, {
        roles: me?.roles ?? [],
        canUse: (feature) => canUse(feature as FeatureCode),
      }),
    [columns, me, canUse],
  );
}
