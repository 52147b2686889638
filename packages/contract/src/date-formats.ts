/**
 * Spec §9 date formats: short is numeric year, month and day; long adds the 24-hour time with seconds.
 * Both are written in the reader's language and time zone.
 */
export interface DateFormatOptions {
  /** BCP 47 locale, such as `fr` or `ja`. */
  locale: string;
  /** IANA time zone, such as `Europe/Paris`. */
  timeZone: string;
}

const SHORT: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const LONG: Intl.DateTimeFormatOptions = {
  ...SHORT,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};

function format(value: string | Date, options: DateFormatOptions, parts: Intl.DateTimeFormatOptions): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(options.locale, { ...parts, timeZone: options.timeZone }).format(date);
}

/** A text that is not a date is answered as it is, so nothing is hidden. */
export function formatShortDate(value: string | Date, options: DateFormatOptions): string {
  return format(value, options, SHORT);
}

export function formatLongDate(value: string | Date, options: DateFormatOptions): string {
  return format(value, options, LONG);
}
