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

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));
const QUARTER_MS = 900_000;

/**
 * A time zone's offset from UTC at an instant, in minutes (Europe/Paris in summer: 120), as a function
 * that remembers each quarter of an hour it has seen: offsets change on the hour or the half hour, and
 * files hold millions of dates.
 */
export function zoneOffsetMinutes(timeZone: string): (value: Date) => number {
  const formatter = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  const byQuarter = new Map<number, number>();
  return (value) => {
    const quarter = Math.floor(value.getTime() / QUARTER_MS);
    let offset = byQuarter.get(quarter);
    if (offset === undefined) {
      const name = formatter.formatToParts(value).find((part) => part.type === 'timeZoneName')?.value ?? '';
      const match = /GMT([+-])(\d{1,2})(?::?(\d{2}))?/.exec(name);
      offset = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0)) : 0;
      if (byQuarter.size > 100_000) byQuarter.clear();
      byQuarter.set(quarter, offset);
    }
    return offset;
  };
}

interface HourTemplate {
  before: string;
  between: string;
  after: string;
}

/**
 * The long format as a function for files of a million dates, where Intl would cost more than the rest of
 * the row: the text of each local hour is made once by Intl, then only its minutes and seconds change.
 * Its output is Intl's own (the tests compare them).
 */
export function longDateFormatter(options: DateFormatOptions): (value: Date) => string {
  const formatter = new Intl.DateTimeFormat(options.locale, { ...LONG, timeZone: options.timeZone });
  const offsetOf = zoneOffsetMinutes(options.timeZone);
  const byLocalHour = new Map<number, HourTemplate | null>();
  const templateOf = (value: Date): HourTemplate | null => {
    const parts = formatter.formatToParts(value);
    const minute = parts.findIndex((part) => part.type === 'minute');
    const second = parts.findIndex((part) => part.type === 'second');
    // A locale whose minutes and seconds are not two Latin digits side by side is left to Intl.
    if (minute < 0 || second !== minute + 2 || !/^\d{2}$/.test(parts[minute]!.value)) return null;
    const text = (from: number, to?: number) =>
      parts
        .slice(from, to)
        .map((part) => part.value)
        .join('');
    return { before: text(0, minute), between: parts[minute + 1]!.value, after: text(second + 1) };
  };
  return (value) => {
    const time = value.getTime();
    if (Number.isNaN(time)) return String(value);
    const local = time + offsetOf(value) * 60_000;
    const hour = Math.floor(local / 3_600_000);
    let template = byLocalHour.get(hour);
    if (template === undefined) {
      if (byLocalHour.size > 100_000) byLocalHour.clear();
      byLocalHour.set(hour, (template = templateOf(value)));
    }
    if (!template) return formatter.format(value);
    const inHour = local - hour * 3_600_000;
    const minute = Math.floor(inHour / 60_000);
    const second = Math.floor((inHour % 60_000) / 1000);
    return `${template.before}${pad2(minute)}${template.between}${pad2(second)}${template.after}`;
  };
}
