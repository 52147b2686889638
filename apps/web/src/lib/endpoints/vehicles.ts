import { vehicleDetailSchema, type VehicleDetail } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api';

/** Every query of the VIN database starts with this key: a change reloads them all. */
export const VINDB_KEY = ['vindb'] as const;

/**
 * A vehicle of the VIN database by its VIN, or null when the VIN is not recorded: the VIN database's
 * record page and a job's vehicle line (jobs detail) read it alike.
 */
export function vehicleQueryOptions(vin: string) {
  return queryOptions({
    queryKey: [...VINDB_KEY, 'vehicle', vin],
    queryFn: async ({ signal }): Promise<VehicleDetail | null> => {
      try {
        return await apiRequest(`/Vehicles/${encodeURIComponent(vin)}`, {
          schema: vehicleDetailSchema,
          signal,
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
