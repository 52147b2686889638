export const VARIANTS = ['tool-equipment', 'tyre-pressure'] as const;
export type Variant = (typeof VARIANTS)[number];

export const ALL_LANGUAGES = ['de', 'en', 'es', 'fr', 'pt', 'zh-CN', 'jp'] as const;
export type Language = (typeof ALL_LANGUAGES)[number];

/** Languages offered per variant; the tyre-pressure variant also ships Japanese. */
export const VARIANT_LANGUAGES: Record<Variant, readonly Language[]> = {
  'tool-equipment': ['de', 'en', 'es', 'fr', 'pt', 'zh-CN'],
  'tyre-pressure': ['de', 'en', 'es', 'fr', 'pt', 'zh-CN', 'jp'],
};

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each shipped language in its own name, as a language picker shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  pt: 'Português',
  'zh-CN': '简体中文',
  jp: '日本語',
};

/**
 * Spec §9: the browser language is tried in full, then by its part before the hyphen;
 * the fallback is English.
 */
export function pickLanguage(candidates: readonly string[], available: readonly string[]): string {
  const byLowerCase = new Map(available.map((language) => [language.toLowerCase(), language]));
  for (const candidate of candidates) {
    const full = byLowerCase.get(candidate.toLowerCase());
    if (full) return full;
    const prefix = candidate.split('-')[0]?.toLowerCase() ?? '';
    const partial =
      byLowerCase.get(prefix) ??
      available.find((language) => language.toLowerCase().startsWith(`${prefix}-`));
    if (prefix && partial) return partial;
  }
  return available.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (available[0] ?? DEFAULT_LANGUAGE);
}

/** `jp` is the product's code for Japanese; documents, dates and numbers need the BCP 47 one. */
export function bcp47Language(language: string): string {
  return language === 'jp' ? 'ja' : language;
}
