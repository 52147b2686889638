import { companyListAnswerSchema, deviceGroupListAnswerSchema } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api';

/** Every directory query starts with this key: a change of groups reloads them. */
export const DIRECTORY_KEY = ['directory'] as const;

/** The companies the user may see (internal members: all), by name; they seldom change. */
export const companiesQueryOptions = queryOptions({
  queryKey: [...DIRECTORY_KEY, 'companies'],
  queryFn: ({ signal }) => apiRequest('/Companies', { schema: companyListAnswerSchema, signal }),
  staleTime: 5 * 60_000,
});

/** The device groups the user may see, by name. */
export const deviceGroupsQueryOptions = queryOptions({
  queryKey: [...DIRECTORY_KEY, 'groups'],
  queryFn: ({ signal }) => apiRequest('/DeviceGroups', { schema: deviceGroupListAnswerSchema, signal }),
  staleTime: 5 * 60_000,
});
