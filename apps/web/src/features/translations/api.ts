import {
  translationKeyListSchema,
  translationLanguageSchema,
  translationLanguagesSchema,
  translationObjectsSchema,
  translationOverrideSchema,
  translationTargetsSchema,
  type TranslationLanguageBody,
  type TranslationObjectBody,
  type TranslationOverrideBody,
  type TranslationTarget,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, noContent } from '../../lib/api';

/** Every query of translations management starts with this key: a change reloads them all. */
export const TRANSLATIONS_KEY = ['translations'] as const;

const base = (language: string) => `/Translations/${encodeURIComponent(language)}`;

export function translationKeysQuery(language: string, request: URLSearchParams) {
  return queryOptions({
    queryKey: [...TRANSLATIONS_KEY, 'keys', language, request.toString()],
    queryFn: ({ signal }) =>
      apiRequest(`${base(language)}/Keys?${request}`, { schema: translationKeyListSchema, signal }),
  });
}

export const translationTargetsQuery = queryOptions({
  queryKey: [...TRANSLATIONS_KEY, 'targets'],
  queryFn: ({ signal }) => apiRequest('/Translations/Targets', { schema: translationTargetsSchema, signal }),
});

export const translationLanguagesQuery = queryOptions({
  queryKey: [...TRANSLATIONS_KEY, 'languages'],
  queryFn: ({ signal }) =>
    apiRequest('/Translations/Languages', { schema: translationLanguagesSchema, signal }),
});

export function translationObjectsQuery(language: string, target: TranslationTarget) {
  return queryOptions({
    queryKey: [...TRANSLATIONS_KEY, 'objects', language, target],
    queryFn: ({ signal }) =>
      apiRequest(`${base(language)}/Objects?target=${target}`, { schema: translationObjectsSchema, signal }),
  });
}

export const saveOverride = (language: string, body: TranslationOverrideBody) =>
  apiRequest(`${base(language)}/Overrides`, { method: 'PUT', body, schema: translationOverrideSchema });

export const removeOverride = (language: string, place: Omit<TranslationOverrideBody, 'text'>) =>
  apiRequest(`${base(language)}/Overrides?${new URLSearchParams(place)}`, {
    method: 'DELETE',
    schema: noContent,
  });

export const saveObject = (language: string, body: TranslationObjectBody) =>
  apiRequest(`${base(language)}/Objects`, { method: 'PUT', body, schema: translationOverrideSchema });

export const removeObject = (language: string, place: Omit<TranslationObjectBody, 'text'>) =>
  apiRequest(`${base(language)}/Objects?${new URLSearchParams(place)}`, {
    method: 'DELETE',
    schema: noContent,
  });

export const addLanguage = (body: TranslationLanguageBody) =>
  apiRequest('/Translations/Languages', { method: 'POST', body, schema: translationLanguageSchema });
