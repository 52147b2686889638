import {
  userConfigurationAnswerSchema,
  userConfigurationDocument,
  type UserConfiguration,
  type UserConfigurationAnswer,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api';

export function userConfigurationQueryKey(userId: string) {
  return ['user-configuration', userId] as const;
}

export function getUserConfiguration(userId: string, signal?: AbortSignal): Promise<UserConfigurationAnswer> {
  return apiRequest(`/configurations/users/${encodeURIComponent(userId)}`, {
    schema: userConfigurationAnswerSchema,
    signal,
  });
}

export function userConfigurationQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: userConfigurationQueryKey(userId ?? ''),
    queryFn: ({ signal }) => getUserConfiguration(userId ?? '', signal),
    staleTime: Infinity,
    enabled: Boolean(userId),
  });
}

/** Sends the whole document `{<section>: configuration, ...}` as the multipart file part `ConfigurationFile`. */
export function updateUserConfiguration(document: Record<string, unknown>): Promise<UserConfigurationAnswer> {
  const form = new FormData();
  const file = new Blob([JSON.stringify(document)], { type: 'application/json' });
  form.append('ConfigurationFile', file, 'configuration.json');
  return apiRequest('/Configurations/Users/', {
    method: 'PATCH',
    body: form,
    schema: userConfigurationAnswerSchema,
  });
}

/** Replaces this variant's section of the stored document and keeps the other sections. */
export function mergedDocument(
  storedContent: string | undefined,
  section: string,
  configuration: UserConfiguration,
): Record<string, unknown> {
  let stored: unknown;
  try {
    stored = storedContent ? JSON.parse(storedContent) : {};
  } catch {
    stored = {};
  }
  const base = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? stored : {};
  return { ...base, ...userConfigurationDocument(section, configuration) };
}
