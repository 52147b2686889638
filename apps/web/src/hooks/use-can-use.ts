import { hasAnyRole, taskStartAccess, type FeatureCode, type RoleCode, type TaskKind } from '@fleet/contract';
import { useCallback } from 'react';
import { useMe } from './use-me';

/** The one access check of the console, over the features the server says the user may use. */
export function useFeatureCheck(): (feature: FeatureCode | null) => boolean {
  const { data: me } = useMe();
  return useCallback(
    (feature: FeatureCode | null) => feature === null || (me?.features.includes(feature) ?? false),
    [me],
  );
}

export function useCanUse(feature: FeatureCode | null): boolean {
  return useFeatureCheck()(feature);
}

/** What a screen or tab needs: a usable feature and, when it lists roles, one of them. */
export interface Access {
  feature: FeatureCode | null;
  roles?: readonly RoleCode[] | undefined;
}

/** The check of a screen's access, the same for its route and its tab. */
export function useAccessCheck(): (access: Access) => boolean {
  const canUse = useFeatureCheck();
  const { data: me } = useMe();
  return useCallback(
    (access: Access) => canUse(access.feature) && hasAnyRole(access.roles, me?.roles ?? []),
    [canUse, me],
  );
}

/** Whether the user may ask for a task of this kind: its feature, and a task list to collect it from. */
export function useMayStartTask(kind: TaskKind): boolean {
  return useAccessCheck()(taskStartAccess(kind));
}
