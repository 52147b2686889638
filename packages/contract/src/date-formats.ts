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

/** Formatters made so far, by kind, locale and zone: making one costs a hundred times formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
const FORMATTERS_KEPT = 200;

function formatterOf(kind: 'short' | 'long', options: DateFormatOptions): Intl.DateTimeFormat {
  const key = `${kind} ${options.locale} ${options.timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const parts = kind === 'short' ? SHORT : LONG;
    formatter = new Intl.DateTimeFormat(options.locale, { ...parts, timeZone: options.timeZone });
    if (formatters.size >= FORMATTERS_KEPT) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

function format(value: string | Date, options: DateFormatOptions, kind: 'short' | 'long'): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return formatterOf(kind, options).format(date);
}

/** A text that is not a date is answered as it is, so nothing is hidden. */
export function formatShortDate(value: string | Date, options: DateFormatOptions): string {
  return format(value, options, 'short');
}

export function formatLongDate(value: string | Date, options: DateFormatOptions): string {
  return format(value, options, 'long');
}

/**
 * A calendar day that belongs to no time zone (`2026-11-22`, an activation day, the first day a rule
 * allows) in the short format of `locale`, the same day wherever the reader is.
 */
export function formatDay(value: string | Date, locale: string): string {
  return format(value, { locale, timeZone: 'UTC' }, 'short');
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

interface DayTemplate {
  before: string;
  /** Between the hour and the minutes, then between the minutes and the seconds. */
  afterHour: string;
  afterMinute: string;
  after: string;
}

const DAY_MS = 86_400_000;

/**
 * The long format as a function for files of a million dates, where Intl would cost more than the rest of
 * the row: the text of each local day is made once by Intl, then only its time changes. Its output is
 * Intl's own (the tests compare them).
 */
export function longDateFormatter(options: DateFormatOptions): (value: Date) => string {
  const formatter = new Intl.DateTimeFormat(options.locale, { ...LONG, timeZone: options.timeZone });
  const offsetOf = zoneOffsetMinutes(options.timeZone);
  const byLocalDay = new Map<number, DayTemplate | null>();
  const templateOf = (value: Date): DayTemplate | null => {
    const parts = formatter.formatToParts(value);
    const at = (type: string) => parts.findIndex((part) => part.type === type);
    const [hour, minute, second] = [at('hour'), at('minute'), at('second')];
    // A locale whose time is not two-digit hours, minutes and seconds in a row is left to Intl.
    const twoDigits = [hour, minute, second].every((index) => /^\d{2}$/.test(parts[index]?.value ?? ''));
    if (!twoDigits || minute !== hour + 2 || second !== minute + 2) return null;
    const text = (from: number, to?: number) =>
      parts
        .slice(from, to)
        .map((part) => part.value)
        .join('');
    return {
      before: text(0, hour),
      afterHour: parts[hour + 1]!.value,
      afterMinute: parts[minute + 1]!.value,
      after: text(second + 1),
    };
  };
  let lastDay = NaN;
  let lastTemplate: DayTemplate | null = null;
  return (value) => {
    const time = value.getTime();
    if (Number.isNaN(time)) return String(value);
    const local = time + offsetOf(value) * 60_000;
    const day = Math.floor(local / DAY_MS);
    if (day !== lastDay) {
      let template = byLocalDay.get(day);
      if (template === undefined) {
        if (byLocalDay.size > 100_000) byLocalDay.clear();
        byLocalDay.set(day, (template = templateOf(value)));
      }
      lastDay = day;
      lastTemplate = template;
    }
    const t = lastTemplate;
    if (!t) return formatter.format(value);
    const inDay = Math.floor((local - day * DAY_MS) / 1000);
    const hour = Math.floor(inDay / 3600);
    const minute = Math.floor((inDay % 3600) / 60);
    return `${t.before}${pad2(hour)}${t.afterHour}${pad2(minute)}${t.afterMinute}${pad2(inDay % 60)}${t.after}`;
  };
}

/** The largest unit that fits an age, from seconds up: under 45 s is "now", under 45 min minutes, and so on. */
const AGE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number, number][] = [
  ['second', 1, 45],
  ['minute', 60, 45 * 60],
  ['hour', 3600, 22 * 3600],
  ['day', 86_400, 26 * 86_400],
  ['month', 30 * 86_400, 320 * 86_400],
  ['year', 365 * 86_400, Infinity],
];

/** How long ago an instant was, in the reader's language ("5 minutes ago", "yesterday", "now"). */
export function formatTimeAgo(value: string | Date, now: Date, locale: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  // An instant a little ahead of this clock (another machine's) is under 45 s ago too: "now".
  const seconds = (now.getTime() - date.getTime()) / 1000;
  const [unit, size] = AGE_UNITS.find(([, , below]) => seconds < below)!;
  const amount = unit === 'second' ? 0 : Math.round(seconds / size);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-amount, unit);
}
