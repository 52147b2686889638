import type { FeatureCode } from '@fleet/contract';
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
