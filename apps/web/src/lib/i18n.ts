import { DEFAULT_LANGUAGE, LANGUAGE_NAMES, bcp47Language, pickLanguage, type Variant } from '@fleet/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { withChunkTimeout } from './chunk-reload';
import { applyServedTexts, servedTexts, type Messages } from './served-texts';

export type { Messages };

// The translations package's files (a glob takes a path, not a package name), one lazy import per file;
// vite.config.ts groups a locale's files into one chunk.
const areaFiles = import.meta.glob<Messages>('../../../../packages/translations/locales/*/*.json', {
  import: 'default',
});
const variantFiles = import.meta.glob<Messages>(
  '../../../../packages/translations/locales/variants/*/*.json',
  { import: 'default' },
);

/** `…/locales/fr/settings.json` (or `./fr/settings.json`) -> `{ language: 'fr', area: 'settings' }`. */
export function parseAreaPath(path: string): { language: string; area: string } | null {
  const match = /([^/]+)\/([^/]+)\.json$/.exec(path);
  return match?.[1] && match[2] ? { language: match[1], area: match[2] } : null;
}

function isMessages(value: unknown): value is Messages {
  return typeof value === 'object' && value !== null;
}

function mergeMessages(base: Messages, overrides: Messages): Messages {
  const merged: Messages = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const current = merged[key];
    merged[key] = isMessages(current) && isMessages(value) ? mergeMessages(current, value) : value;
  }
  return merged;
}

/** The areas of one language under their area key, with the variant's overrides on top. */
export function assembleMessages(areas: Record<string, Messages>, overrides: Messages = {}): Messages {
  return mergeMessages(areas, overrides);
}

/** A language's bundled texts with its variant's on top; null when the console ships none for it. */
async function bundledMessages(language: string, variant: Variant): Promise<Messages | null> {
  const files = Object.entries(areaFiles).filter(([path]) => parseAreaPath(path)?.language === language);
  if (files.length === 0) return null;
  const areas: Record<string, Messages> = {};
  await Promise.all(
    files.map(async ([path, load]) => {
      const area = parseAreaPath(path)?.area;
      if (area) areas[area] = await withChunkTimeout(load);
    }),
  );
  const overridesPath = `/variants/${variant}/${language}.json`;
  const loadOverrides = Object.entries(variantFiles).find(([path]) => path.endsWith(overridesPath))?.[1];
  return assembleMessages(areas, loadOverrides ? await withChunkTimeout(loadOverrides) : {});
}

/** Each language in its own name, as a language picker shows it (one added here by its code). */
export function languageName(language: string): string {
  return (LANGUAGE_NAMES as Record<string, string>)[language] ?? language;
}

/** The document's language attribute (BCP 47). */
export const htmlLang = bcp47Language;

/** The browser's preferred languages, in the product's codes (Japanese is `jp`). */
function browserLanguages(): string[] {
  return navigator.languages.map((language) => (/^ja(-|$)/i.test(language) ? 'jp' : language));
}

const SAVED_LANGUAGE_KEY = 'fleet.language';

/** The saved configuration's language is only known after sign-in; its last value avoids a flash of another language. */
export function rememberSavedLanguage(language: string): void {
  localStorage.setItem(SAVED_LANGUAGE_KEY, language);
}

/** Spec: the saved configuration's language, else the browser's, else English. */
export function initialLanguage(available: readonly string[]): string {
  const saved = localStorage.getItem(SAVED_LANGUAGE_KEY);
  if (saved && available.includes(saved)) return saved;
  return pickLanguage(browserLanguages(), available);
}

let currentVariant: Variant = 'tool-equipment';

/**
 * The language's bundled texts with its served ones on top, read again on every switch (the bundled
 * chunk is cached, the served texts revalidated), so that an edit shows without a rebuild. A language the
 * console does not ship shows its served texts, and English where it has none.
 */
async function ensureLoaded(language: string): Promise<void> {
  const [bundled, served] = await Promise.all([
    bundledMessages(language, currentVariant),
    servedTexts(language, currentVariant),
  ]);
  if (!bundled && !served) throw new Error(`No translations for ${language}`);
  i18n.removeResourceBundle(language, 'translation');
  i18n.addResourceBundle(language, 'translation', applyServedTexts(bundled ?? {}, served ?? {}), true, true);
  if (!bundled && !i18n.hasResourceBundle(DEFAULT_LANGUAGE, 'translation'))
    await ensureLoaded(DEFAULT_LANGUAGE);
}

/** Loads a language's texts beside the one in use, for a screen that shows both (the binding terms). */
export async function loadLanguage(language: string): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) await ensureLoaded(language);
}

/** Switches the UI language; a locale that fails to load falls back to English. Returns the language in use. */
export async function changeLanguage(language: string): Promise<string> {
  let used = language;
  try {
    await ensureLoaded(language);
  } catch {
    used = DEFAULT_LANGUAGE;
    await ensureLoaded(used);
  }
  await i18n.changeLanguage(used);
  document.documentElement.lang = htmlLang(used);
  return used;
}

export async function startI18n(language: string, variant: Variant): Promise<string> {
  currentVariant = variant;
  await i18n.use(initReactI18next).init({
    resources: {},
    fallbackLng: DEFAULT_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return changeLanguage(language);
}

export function currentLanguage(): string {
  return i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LANGUAGE;
}

export { i18n };
