import { formatLongDate, formatShortDate, guessTimeZone } from '@fleet/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlLang } from '../lib/i18n';
import { useUserConfiguration } from './use-user-configuration';

/** Dates in the user's language and in the time zone of their configuration settings. */
export function useDateFormat() {
  const { i18n } = useTranslation();
  const { data: configuration } = useUserConfiguration();
  const locale = htmlLang(i18n.resolvedLanguage ?? i18n.language);
  const timeZone = configuration?.timezone ?? guessTimeZone();
  return useMemo(() => {
    const options = { locale, timeZone };
    return {
      short: (value: string | Date) => formatShortDate(value, options),
      long: (value: string | Date) => formatLongDate(value, options),
    };
  }, [locale, timeZone]);
}
