import {
  configuredDeviceListSchema,
  deviceConfigurationStateSchema,
  groupConfigurationListSchema,
  partNumberListAnswerSchema,
  rightsUserListAnswerSchema,
  rightsUserSchema,
  migrationPreviewAnswerSchema,
  taskRequestAnswerSchema,
  type MigrationPreviewBody,
  type MigrationRequest,
  type UserPlacementBody,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../lib/api';

export const previewMigration = (body: MigrationPreviewBody) =>
  apiRequest('/Configuration/Migration/Preview', {
    method: 'POST',
    body,
    schema: migrationPreviewAnswerSchema,
  });

export const requestMigration = (body: MigrationRequest) =>
  apiRequest('/Configuration/Migration', { method: 'POST', body, schema: taskRequestAnswerSchema });

export function partNumbersQueryOptions(search: string, page: number) {
  const query = new URLSearchParams({ PageNumber: String(page), ...(search ? { Search: search } : {}) });
  return queryOptions({
    queryKey: ['configuration', 'part-numbers', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Configuration/PartNumbers?${query}`, { schema: partNumberListAnswerSchema, signal }),
  });
}

export const CONFIGURATION_KEY = ['configuration'] as const;

export function configuredDevicesQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...CONFIGURATION_KEY, 'devices', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Configuration/Devices?${query}`, { schema: configuredDeviceListSchema, signal }),
  });
}

export const deviceConfigurationStateKey = (serialNumber: string) =>
  [...CONFIGURATION_KEY, 'device', serialNumber] as const;

export function deviceConfigurationStateQueryOptions(serialNumber: string) {
  return queryOptions({
    queryKey: deviceConfigurationStateKey(serialNumber),
    queryFn: ({ signal }) =>
      apiRequest(`/Configuration/Devices/${encodeURIComponent(serialNumber)}`, {
        schema: deviceConfigurationStateSchema,
        signal,
      }),
  });
}

export const setDeviceConfiguration = (serialNumber: string, content: Record<string, unknown> | null) =>
  apiRequest(`/Configuration/Devices/${encodeURIComponent(serialNumber)}`, {
    method: content ? 'PUT' : 'DELETE',
    ...(content ? { body: { content } } : {}),
    schema: deviceConfigurationStateSchema,
  });

export const groupConfigurationsQueryOptions = queryOptions({
  queryKey: [...CONFIGURATION_KEY, 'groups'],
  queryFn: ({ signal }) =>
    apiRequest('/Configuration/Groups', { schema: groupConfigurationListSchema, signal }),
});

export const setGroupConfiguration = (groupId: number, content: Record<string, unknown> | null) =>
  apiRequest(`/Configuration/Groups/${groupId}`, {
    method: content ? 'PUT' : 'DELETE',
    ...(content ? { body: { content } } : {}),
    schema: groupConfigurationListSchema,
  });

export function configurationUsersQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...CONFIGURATION_KEY, 'users', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Configuration/Users?${query}`, { schema: rightsUserListAnswerSchema, signal }),
  });
}

export const placeUser = (id: string, body: UserPlacementBody) =>
  apiRequest(`/Configuration/Users/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body,
    schema: rightsUserSchema,
  });

export const describePartNumber = (partNumber: string, description: string) =>
  apiRequest(`/Configuration/PartNumbers/${encodeURIComponent(partNumber)}`, {
    method: 'PUT',
    body: { description },
    schema: noContent,
  });
