import { guessTimeZone, periodQueryParameters, zonedDayStart } from '@fleet/contract';
import { useCallback } from 'react';
import { useUserConfiguration } from './use-user-configuration';

/**
 * A list's filters as its query sends them: the `At` day token becomes `From` and `To`, the starts of
 * days in the user's own time zone.
 */
export function usePeriodFilters() {
  const { data: configuration } = useUserConfiguration();
  const zone = configuration?.timezone ?? guessTimeZone();
  return useCallback(
    (filters: Record<string, readonly string[]>) => periodQueryParameters(filters, zonedDayStart(zone)),
    [zone],
  );
}
