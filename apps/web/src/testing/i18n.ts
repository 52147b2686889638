import { assembleMessages, i18n, parseAreaPath, type Messages } from '../lib/i18n';
import { initReactI18next } from 'react-i18next';

const englishAreas = import.meta.glob<Messages>('../../../../packages/translations/locales/en/*.json', {
  import: 'default',
  eager: true,
});
const englishOverrides = import.meta.glob<Messages>(
  '../../../../packages/translations/locales/variants/tool-equipment/en.json',
  {
    import: 'default',
    eager: true,
  },
);

/** Tests run in English, with the tool-equipment texts, loaded synchronously. */
export function loadTestTranslations(): void {
  const areas: Record<string, Messages> = {};
  for (const [path, messages] of Object.entries(englishAreas)) {
    const area = parseAreaPath(path)?.area;
    if (area) areas[area] = messages;
  }
  void i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
    resources: { en: { translation: assembleMessages(areas, Object.values(englishOverrides)[0] ?? {}) } },
  });
}
