import { describe, expect, it } from 'vitest';
import { formatLongDate, formatShortDate } from './date-formats.ts';

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
