import { formatDay, formatLongDate, formatShortDate, formatTimeAgo, guessTimeZone } from '@fleet/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlLang } from '../lib/i18n';
import { useUserConfiguration } from './use-user-configuration';

export interface DateFormat {
  /** Spec §9 short format: numeric year, month and day, in the user's time zone. */
  short: (value: string | Date) => string;
  /** Spec §9 long format: the short one with the 24-hour time and seconds, in the user's time zone. */
  long: (value: string | Date) => string;
  /**
   * A calendar day that belongs to no time zone (`2026-11-22`, an activation day, a terms version's
   * date) in the short format, the same day wherever the user is.
   */
  day: (value: string | Date) => string;
  /** How long ago an instant was, from now ("5 minutes ago"). */
  ago: (value: string | Date) => string;
}

/**
 * The one way a screen writes a date: in the user's language and in the time zone of their configuration
 * settings, short or long (spec §9).
 */
export function useDateFormat(): DateFormat {
  const { i18n } = useTranslation();
  const { data: configuration } = useUserConfiguration();
  const locale = htmlLang(i18n.resolvedLanguage ?? i18n.language);
  const timeZone = configuration?.timezone ?? guessTimeZone();
  return useMemo(() => {
    const options = { locale, timeZone };
    return {
      short: (value) => formatShortDate(value, options),
      long: (value) => formatLongDate(value, options),
      day: (value) => formatDay(value, locale),
      ago: (value) => formatTimeAgo(value, new Date(), locale),
    };
  }, [locale, timeZone]);
}
