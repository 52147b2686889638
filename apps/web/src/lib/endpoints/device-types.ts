import { deviceTypeDetailSchema } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api';

/** Every query of the versions screen starts with this key: a change reloads them all. */
export const VERSIONS_KEY = ['versions'] as const;

export const deviceTypePath = (type: string) => `/Updates/DeviceTypes/${encodeURIComponent(type)}`;

/** A device type with its versions (the versions screen, and the versions a connected device may take). */
export function deviceTypeQueryOptions(type: string) {
  return queryOptions({
    queryKey: [...VERSIONS_KEY, 'type', type],
    queryFn: ({ signal }) => apiRequest(deviceTypePath(type), { schema: deviceTypeDetailSchema, signal }),
  });
}
