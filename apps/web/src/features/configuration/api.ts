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
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../lib/api';
import { TASKS_KEY } from '../../lib/endpoints/tasks';

/** Every query of the configuration tools starts with this key. */
export const CONFIGURATION_KEY = ['configuration'] as const;

/** The devices a migration would move: nothing is written. */
export const previewMigrationMutation = mutationOptions({
  mutationKey: [...CONFIGURATION_KEY, 'migration', 'preview'],
  mutationFn: (body: MigrationPreviewBody) =>
    apiRequest('/Configuration/Migration/Preview', {
      method: 'POST',
      body,
      schema: migrationPreviewAnswerSchema,
    }),
});

/** A migration queued as a task: the task lists change. */
export const requestMigrationMutation = mutationOptions({
  mutationKey: [...CONFIGURATION_KEY, 'migration', 'request'],
  mutationFn: (body: MigrationRequest) =>
    apiRequest('/Configuration/Migration', { method: 'POST', body, schema: taskRequestAnswerSchema }),
  meta: { changes: [TASKS_KEY] },
});

export function partNumbersQueryOptions(search: string, page: number) {
  const query = new URLSearchParams({ PageNumber: String(page), ...(search ? { Search: search } : {}) });
  return queryOptions({
    queryKey: [...CONFIGURATION_KEY, 'part-numbers', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Configuration/PartNumbers?${query}`, { schema: partNumberListAnswerSchema, signal }),
  });
}

export function configuredDevicesQueryOptions(query: URLSearchParams) {
  return queryOptions({
    queryKey: [...CONFIGURATION_KEY, 'devices', query.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`/Configuration/Devices?${query}`, { schema: configuredDeviceListSchema, signal }),
  });
}

const deviceConfigurationStateKey = (serialNumber: string) =>
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

/** A device's own settings set, or removed (null): the device's state and the configured devices change. */
export const setDeviceConfigurationMutation = mutationOptions({
  mutationKey: [...CONFIGURATION_KEY, 'device', 'set'],
  mutationFn: ({
    serialNumber,
    content,
  }: {
    serialNumber: string;
    content: Record<string, unknown> | null;
  }) =>
    apiRequest(`/Configuration/Devices/${encodeURIComponent(serialNumber)}`, {
      method: content ? 'PUT' : 'DELETE',
      ...(content ? { body: { content } } : {}),
      schema: deviceConfigurationStateSchema,
    }),
  meta: { changes: [CONFIGURATION_KEY] },
});

export const groupConfigurationsQueryOptions = queryOptions({
  queryKey: [...CONFIGURATION_KEY, 'groups'],
  queryFn: ({ signal }) =>
    apiRequest('/Configuration/Groups', { schema: groupConfigurationListSchema, signal }),
});

/** A group's settings set, or removed (null): every device of the group is sent them. */
export const setGroupConfigurationMutation = mutationOptions({
  mutationKey: [...CONFIGURATION_KEY, 'groups', 'set'],
  mutationFn: ({ groupId, content }: { groupId: number; content: Record<string, unknown> | null }) =>
    apiRequest(`/Configuration/Groups/${groupId}`, {
      method: content ? 'PUT' : 'DELETE',
      ...(content ? { body: { content } } : {}),
      schema: groupConfigurationListSchema,
    }),
  meta: { changes: [CONFIGURATION_KEY] },
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

export const describePartNumberMutation = mutationOptions({
  mutationKey: [...CONFIGURATION_KEY, 'part-numbers', 'describe'],
  mutationFn: ({ partNumber, description }: { partNumber: string; description: string }) =>
    apiRequest(`/Configuration/PartNumbers/${encodeURIComponent(partNumber)}`, {
      method: 'PUT',
      body: { description },
      schema: noContent,
    }),
  meta: { changes: [[...CONFIGURATION_KEY, 'part-numbers']] },
});
