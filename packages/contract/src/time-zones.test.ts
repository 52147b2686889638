import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { zonedDayStart } from './job-tokens.ts';
const localDayStart = (zone: string, date: string) => zonedDayStart(zone)(date);

const ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone')];

function* datesOf(...years: number[]): Generator<string> {
  let day = Temporal.PlainDate.from({ year: years[0]!, month: 1, day: 1 });
  while (years.includes(day.year)) {
    yield day.toString();
    day = day.add({ days: 1 });
  }
}

/** Temporal's start of a day: the first instant of that date in the zone. */
const temporalDayStart = (zone: string, date: string) =>
  Temporal.PlainDate.from(date).toZonedDateTime({ timeZone: zone }).epochMilliseconds;

describe('the start of a local day', () => {
  it('is the first instant of that date, as Temporal has it, in every zone offered, over three years', () => {
    const dates = [...datesOf(2025, 2026, 2027)];
    const differences: string[] = [];
    for (const zone of ZONES)
      for (const date of dates) {
        const ours = localDayStart(zone, date).getTime();
        const expected = temporalDayStart(zone, date);
        if (ours !== expected)
          differences.push(
            `${zone} ${date}: ${new Date(ours).toISOString()} for ${new Date(expected).toISOString()}`,
          );
      }
    expect(ZONES.length).toBeGreaterThan(400);
    expect(differences).toEqual([]);
  }, 120_000);

  it('starts when the clocks go forward where they do at midnight, and at the first midnight where they go back over it', () => {
    // Santiago: 2026-09-06 00:00 does not exist, the clocks go from 24:00 (-04) to 01:00 (-03).
    expect(localDayStart('America/Santiago', '2026-09-06').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    // The Azores: 2026-03-29 00:00 (-01) becomes 01:00 (+00).
    expect(localDayStart('Atlantic/Azores', '2026-03-29').toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // Santiago in April: the clocks go back from 24:00 (-03) to 23:00 (-04): the day starts at 00:00 -04.
    expect(localDayStart('America/Santiago', '2026-04-05').toISOString()).toBe('2026-04-05T04:00:00.000Z');
    expect(localDayStart('Europe/Paris', '2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });
});
