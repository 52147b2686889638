import { accessoryDataSchema, accessorySchema, seriesUserSchema } from '@fleet/contract';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
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

function accessoryDataQueryKey(id: number) {
  return ['accessory-data', id] as const;
}

export function accessoryDataQueryOptions(id: number) {
  return queryOptions({
    queryKey: accessoryDataQueryKey(id),
    queryFn: ({ signal }) => apiRequest(`/Accessories/${id}/data`, { schema: accessoryDataSchema, signal }),
  });
}

/** An accessory's data set replaced: the tab shows the server's answer, which is all it reads. */
export function replaceAccessoryDataMutation(id: number) {
  return mutationOptions({
    mutationKey: [...accessoryDataQueryKey(id), 'replace'],
    mutationFn: (data: Record<string, unknown>) =>
      apiRequest(`/Accessories/${id}/data`, { method: 'PUT', body: data, schema: accessoryDataSchema }),
    onSuccess: (answer, _data, _result, { client }) => client.setQueryData(accessoryDataQueryKey(id), answer),
  });
}
