import { ALL_LANGUAGES, TRANSLATION_TARGETS, type TranslationTarget } from '@fleet/contract';
import { Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCanUse } from '../../hooks/use-can-use';
import { currentLanguage, languageName } from '../../lib/i18n';
import { messageKey } from '../../lib/message-key';
import { translationLanguagesQuery } from './api';

/** The screen's own query keys, kept by the list's changes. */
export const LANGUAGE_KEY = 'language';
export const TARGET_KEY = 'target';
export const SCREEN_KEYS = [LANGUAGE_KEY, TARGET_KEY] as const;

const isTarget = (value: string | null): value is TranslationTarget =>
  (TRANSLATION_TARGETS as readonly (string | null)[]).includes(value);

/** The language and target a tab shows, from the URL: the user's own language and "all" by default. */
export function useLanguageTarget() {
  const [searchParams, setSearchParams] = useSearchParams();
  const language = searchParams.get(LANGUAGE_KEY) ?? currentLanguage();
  const asked = searchParams.get(TARGET_KEY);
  const target: TranslationTarget = isTarget(asked) ? asked : 'all';
  const set = (key: string, value: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set(key, value);
      // Another language or target is another list: from its first page.
      next.delete('pageNumber');
      return next;
    });
  return {
    language,
    target,
    setLanguage: (value: string) => set(LANGUAGE_KEY, value),
    setTarget: (value: TranslationTarget) => set(TARGET_KEY, value),
  };
}

/** The target's name: "All targets", or a variant's. */
export function useTargetLabel() {
  const { t } = useTranslation();
  return (target: TranslationTarget) => t(`translations.targets.names.${messageKey(target)}`);
}

/** The languages to translate into: the shipped ones and those added here (when the user sees them). */
function useLanguageOptions() {
  const canSeeLanguages = useCanUse('TRANSLATION.LANGUAGES');
  const languages = useQuery({ ...translationLanguagesQuery, enabled: canSeeLanguages });
  const all = languages.data?.languages ?? ALL_LANGUAGES.map((code) => ({ code, name: languageName(code) }));
  return all.map((language) => ({ value: language.code, label: `${language.name} (${language.code})` }));
}

/** Pickers of the language and target a tab shows. */
export function LanguageTargetBar() {
  const { t } = useTranslation();
  const { language, target, setLanguage, setTarget } = useLanguageTarget();
  const targetLabel = useTargetLabel();
  const options = useLanguageOptions();
  return (
    <Group gap="md" align="flex-end">
      <Select
        label={t('translations.bar.language')}
        data={
          options.some((option) => option.value === language)
            ? options
            : [...options, { value: language, label: language }]
        }
        value={language}
        onChange={(value) => value && setLanguage(value)}
        allowDeselect={false}
        searchable
        w={220}
      />
      <Select
        label={t('translations.bar.target')}
        data={TRANSLATION_TARGETS.map((value) => ({ value, label: targetLabel(value) }))}
        value={target}
        onChange={(value) => isTarget(value) && setTarget(value)}
        allowDeselect={false}
        w={220}
      />
    </Group>
  );
}
