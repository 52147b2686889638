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

/**
 * The long format as a function, its formatter built once: for files of a million dates, where building
 * one per date would cost more than the rest of the row.
 */
export function longDateFormatter(options: DateFormatOptions): (value: Date) => string {
  const formatter = new Intl.DateTimeFormat(options.locale, { ...LONG, timeZone: options.timeZone });
  return (value) => formatter.format(value);
}

/**
 * A time zone's offset from UTC at an instant, in minutes (Europe/Paris in summer: 120), as a function
 * that remembers each hour it has seen: offsets change on the hour, and files hold millions of dates.
 */
export function zoneOffsetMinutes(timeZone: string): (value: Date) => number {
  const formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  const byHour = new Map<number, number>();
  return (value) => {
    const hour = Math.floor(value.getTime() / 3_600_000);
    let offset = byHour.get(hour);
    if (offset === undefined) {
      const name = formatter.formatToParts(value).find((part) => part.type === 'timeZoneName')?.value ?? '';
      const match = /GMT([+-])(\d{1,2})(?::?(\d{2}))?/.exec(name);
      offset = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0)) : 0;
      if (byHour.size > 100_000) byHour.clear();
      byHour.set(hour, offset);
    }
    return offset;
  };
}
