import { accessoryDataSchema, accessorySchema, seriesUserSchema } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api';

export function accessoryQueryOptions(serialNumber: string) {
  return queryOptions({
    queryKey: ['accessory', serialNumber],
    queryFn: ({ signal }) =>
      apiRequest(`/Accessories/by-sn/${encodeURIComponent(serialNumber)}`, {
        schema: accessorySchema,
        signal,
      }),
  });
}

/** Users of the device the accessory is attached to. */
export function accessoryUsersQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['accessory-users', id],
    queryFn: ({ signal }) =>
      apiRequest(`/Accessories/${id}/users`, { schema: z.array(seriesUserSchema), signal }),
  });
}

export function accessoryDataQueryKey(id: number) {
  return ['accessory-data', id] as const;
}

export function accessoryDataQueryOptions(id: number) {
  return queryOptions({
    queryKey: accessoryDataQueryKey(id),
    queryFn: ({ signal }) => apiRequest(`/Accessories/${id}/data`, { schema: accessoryDataSchema, signal }),
  });
}

export function replaceAccessoryData(id: number, data: Record<string, unknown>) {
  return apiRequest(`/Accessories/${id}/data`, { method: 'PUT', body: data, schema: accessoryDataSchema });
}
