import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlLang } from '../../lib/i18n';

/** Rates, scores and periods as the user's language writes them; a dash where there is nothing. */
export function useEsatFormat() {
  const { i18n } = useTranslation();
  const locale = htmlLang(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(() => {
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    const score = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const month = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    return {
      percent: (rate: number | null) => (rate === null ? '–' : percent.format(rate)),
      score: (value: number | null) => (value === null ? '–' : score.format(value)),
      /** yyyy-MM as "Mar 2025"; a year as it is. */
      period: (key: string) => (key.length === 4 ? key : month.format(new Date(`${key}-01T00:00:00Z`))),
    };
  }, [locale]);
}
