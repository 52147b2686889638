import type { FeatureCode } from '@fleet/contract';
import { useMe } from './use-me';

/** The one access check of the console, over the features the server says the user may use. */
export function useCanUse(feature: FeatureCode | null): boolean {
  const { data: me } = useMe();
  if (feature === null) return true;
  return me?.features.includes(feature) ?? false;
}
