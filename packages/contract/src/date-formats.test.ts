import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate, longDateFormatter, zoneOffsetMinutes } from './date-formats.ts';

describe('date formats', () => {
  const instant = '2026-03-09T23:30:05.000Z';

  it('writes the short date in the reader time zone and language', () => {
    expect(formatShortDate(instant, { locale: 'fr', timeZone: 'Europe/Paris' })).toBe('10/03/2026');
    expect(formatShortDate(instant, { locale: 'en', timeZone: 'America/New_York' })).toBe('03/09/2026');
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
  });

  it('formats many dates with one formatter', () => {
    const format = longDateFormatter({ locale: 'en-GB', timeZone: 'Europe/Paris' });
    expect(format(new Date('2026-07-01T12:00:00Z'))).toBe('01/07/2026, 14:00:00');
  });
});
