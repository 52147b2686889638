import { useTranslation } from 'react-i18next';
import { htmlLang } from '../lib/i18n';

/** A region code (FR, US) as its name in the user's language; the code itself where none is known. */
export function useRegionName(): (code: string) => string {
  const { i18n } = useTranslation();
  return (code) => {
    try {
      return new Intl.DisplayNames([htmlLang(i18n.language)], { type: 'region' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
}
