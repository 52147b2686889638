import { companyListAnswerSchema, deviceGroupListAnswerSchema } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api';

/** The companies the user may see (internal members: all), by name; they seldom change. */
export const companiesQueryOptions = queryOptions({
  queryKey: ['directory', 'companies'],
  queryFn: ({ signal }) => apiRequest('/Companies', { schema: companyListAnswerSchema, signal }),
  staleTime: 5 * 60_000,
});

/** The device groups the user may see, by name. */
export const deviceGroupsQueryOptions = queryOptions({
  queryKey: ['directory', 'groups'],
  queryFn: ({ signal }) => apiRequest('/DeviceGroups', { schema: deviceGroupListAnswerSchema, signal }),
  staleTime: 5 * 60_000,
});
