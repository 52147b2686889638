import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatLongDate,
  formatShortDate,
  formatTimeAgo,
  longDateFormatter,
  zoneOffsetMinutes,
} from './date-formats.ts';

describe('date formats', () => {
  const instant = '2026-03-09T23:30:05.000Z';

  it('writes the short date in the reader time zone and language', () => {
    expect(formatShortDate(instant, { locale: 'fr', timeZone: 'Europe/Paris' })).toBe('10/03/2026');
    expect(formatShortDate(instant, { locale: 'en', timeZone: 'America/New_York' })).toBe('03/09/2026');
  });

  it('writes a calendar day as the same day in any language', () => {
    expect(formatDay('2017-02-01', 'fr')).toBe('01/02/2017');
    expect(formatDay('2017-02-01', 'en')).toBe('02/01/2017');
  });

  it('adds the 24-hour time with seconds to the long date', () => {
    expect(formatLongDate(instant, { locale: 'de', timeZone: 'UTC' })).toBe('09.03.2026, 23:30:05');
    expect(formatLongDate(new Date(instant), { locale: 'en', timeZone: 'Asia/Tokyo' })).toBe(
      '03/10/2026, 08:30:05',
    );
  });

  it('answers text that is not a date as it is', () => {
    expect(formatShortDate('soon', { locale: 'en', timeZone: 'UTC' })).toBe('soon');
  });
});

describe('zone offsets', () => {
  it('follows daylight saving time', () => {
    const paris = zoneOffsetMinutes('Europe/Paris');
    expect(paris(new Date('2026-07-01T12:00:00Z'))).toBe(120);
    expect(paris(new Date('2026-01-01T12:00:00Z'))).toBe(60);
    expect(zoneOffsetMinutes('America/St_Johns')(new Date('2026-01-01T12:00:00Z'))).toBe(-210);
    expect(zoneOffsetMinutes('UTC')(new Date('2026-01-01T12:00:00Z'))).toBe(0);
    // Lord Howe Island moves its clocks by half an hour, at half past the UTC hour.
    const lordHowe = zoneOffsetMinutes('Australia/Lord_Howe');
    expect(lordHowe(new Date('2026-10-03T15:20:00Z'))).toBe(630);
    expect(lordHowe(new Date('2026-10-03T15:40:00Z'))).toBe(660);
  });

  it('formats many dates with one formatter', () => {
    const format = longDateFormatter({ locale: 'en-GB', timeZone: 'Europe/Paris' });
    expect(format(new Date('2026-07-01T12:00:00Z'))).toBe('01/07/2026, 14:00:00');
  });
});

describe('the long format for files', () => {
  it('writes what Intl writes minute after minute through a day whose clocks change', () => {
    for (const [timeZone, day] of [
      ['Europe/Paris', '2026-03-28T12:00:00Z'],
      ['Europe/Paris', '2026-10-24T12:00:00Z'],
      ['America/St_Johns', '2026-11-01T00:00:00Z'],
    ] as const) {
      const fast = longDateFormatter({ locale: 'fr', timeZone });
      for (let step = 0; step < 48 * 60; step += 7) {
        const value = new Date(Date.parse(day) + step * 60_000 + (step % 60) * 1000);
        expect(fast(value), `${timeZone} ${value.toISOString()}`).toBe(
          formatLongDate(value, { locale: 'fr', timeZone }),
        );
      }
    }
  });

  it('writes what Intl writes, in every language and across daylight saving changes', () => {
    const zones = [
      'Europe/Paris',
      'America/New_York',
      'Asia/Kolkata',
      'America/St_Johns',
      'Australia/Lord_Howe',
      'UTC',
    ];
    const locales = ['en', 'fr', 'de', 'es', 'pt', 'zh-CN', 'ja'];
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const timeZone of zones)
      for (const locale of locales) {
        const fast = longDateFormatter({ locale, timeZone });
        const start = Date.parse('2025-01-01T00:00:00Z');
        for (let i = 0; i < 400; i++) {
          const value = new Date(start + Math.floor(random() * 2 * 365 * 86_400_000));
          expect(fast(value), `${locale} ${timeZone} ${value.toISOString()}`).toBe(
            formatLongDate(value, { locale, timeZone }),
          );
        }
      }
  });
});

describe('time ago', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const ago = (seconds: number, locale = 'en') =>
    formatTimeAgo(new Date(now.getTime() - seconds * 1000).toISOString(), now, locale);

  it('says the largest unit that fits, rounded', () => {
    expect(ago(10)).toBe('now');
    expect(ago(90)).toBe('2 minutes ago');
    expect(ago(44 * 60)).toBe('44 minutes ago');
    expect(ago(50 * 60)).toBe('1 hour ago');
    expect(ago(5 * 3600)).toBe('5 hours ago');
    expect(ago(30 * 3600)).toBe('yesterday');
    expect(ago(3 * 86_400)).toBe('3 days ago');
    expect(ago(60 * 86_400)).toBe('2 months ago');
    expect(ago(400 * 86_400)).toBe('last year');
  });

  it('speaks the reader language, and a clock a little ahead says now', () => {
    expect(ago(3 * 3600, 'fr')).toBe('il y a 3 heures');
    expect(ago(3 * 3600, 'de')).toBe('vor 3 Stunden');
    expect(ago(-30)).toBe('now');
  });
});
