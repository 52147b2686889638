import { meSchema, type Me } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api';

export function getMe(signal?: AbortSignal): Promise<Me> {
  return apiRequest('/me', { schema: meSchema, signal });
}

/** Loaded once per sign-in; the roles and features do not change during a session. */
export function meQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => getMe(signal),
    staleTime: Infinity,
    enabled,
  });
}
