import { BATTERY_CHEMISTRIES, vehicleYears } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import { vehicleMakesQueryOptions } from './api';
import { chemistryKey } from './vin-field';

/** The choices of the vehicles list's filters: the makes recorded, the years newest first. */
export function useVehicleTokenOptions(): TokenOptions {
  const makes = useQuery(vehicleMakesQueryOptions);
  const years = useMemo(
    () => vehicleYears().map((year) => ({ value: String(year), label: String(year) })),
    [],
  );
  return useCallback<TokenOptions>(
    (definition) => {
      switch (definition.type) {
        case 'Make':
          return makes.data?.makes.map((make) => ({ value: make, label: make })) ?? null;
        case 'Year':
          return years;
        default:
          return undefined;
      }
    },
    [makes.data, years],
  );
}

/** The chemistries by their names. */
export function useBatteryTokenOptions(): TokenOptions {
  const { t } = useTranslation();
  return useCallback<TokenOptions>(
    (definition) =>
      definition.type === 'Chemistry'
        ? BATTERY_CHEMISTRIES.map((value) => ({ value, label: t(chemistryKey(value)) }))
        : undefined,
    [t],
  );
}
