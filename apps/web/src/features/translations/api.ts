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
import { mutationOptions, queryOptions } from '@tanstack/react-query';
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

/** Every change of a text or a language reloads the texts, objects and languages (their completeness). */
const changes = [TRANSLATIONS_KEY];

export const saveOverrideMutation = mutationOptions({
  mutationKey: [...TRANSLATIONS_KEY, 'save-override'],
  mutationFn: ({ language, body }: { language: string; body: TranslationOverrideBody }) =>
    apiRequest(`${base(language)}/Overrides`, { method: 'PUT', body, schema: translationOverrideSchema }),
  meta: { changes },
});

export const removeOverrideMutation = mutationOptions({
  mutationKey: [...TRANSLATIONS_KEY, 'remove-override'],
  mutationFn: ({ language, place }: { language: string; place: Omit<TranslationOverrideBody, 'text'> }) =>
    apiRequest(`${base(language)}/Overrides?${new URLSearchParams(place)}`, {
      method: 'DELETE',
      schema: noContent,
    }),
  meta: { changes },
});

export const saveObjectMutation = mutationOptions({
  mutationKey: [...TRANSLATIONS_KEY, 'save-object'],
  mutationFn: ({ language, body }: { language: string; body: TranslationObjectBody }) =>
    apiRequest(`${base(language)}/Objects`, { method: 'PUT', body, schema: translationOverrideSchema }),
  meta: { changes },
});

export const removeObjectMutation = mutationOptions({
  mutationKey: [...TRANSLATIONS_KEY, 'remove-object'],
  mutationFn: ({ language, place }: { language: string; place: Omit<TranslationObjectBody, 'text'> }) =>
    apiRequest(`${base(language)}/Objects?${new URLSearchParams(place)}`, {
      method: 'DELETE',
      schema: noContent,
    }),
  meta: { changes },
});

export const addLanguageMutation = mutationOptions({
  mutationKey: [...TRANSLATIONS_KEY, 'add-language'],
  mutationFn: (body: TranslationLanguageBody) =>
    apiRequest('/Translations/Languages', { method: 'POST', body, schema: translationLanguageSchema }),
  meta: { changes },
});
