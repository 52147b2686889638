import { describe, expect, it } from 'vitest';
import { periodQueryParameters } from './period-filter.ts';
import { utcDayStart, zonedDayStart } from './job-tokens.ts';

const today = new Date('2026-11-25T12:00:00Z');

describe('periodQueryParameters', () => {
  it('passes the text and choice filters as they are', () => {
    expect(
      periodQueryParameters({ User: ['Ana'], Action: ['store.create', 'store.update'] }, utcDayStart, today),
    ).toEqual({ User: ['Ana'], Action: ['store.create', 'store.update'] });
  });

  it('turns one day into the start of that day and of the next, in the user zone', () => {
    expect(periodQueryParameters({ At: ['2026-03-29'] }, zonedDayStart('Europe/Paris'), today)).toEqual({
      From: ['2026-03-28T23:00:00.000Z'],
      // The clocks moved forward that night: the next day starts an hour earlier in UTC.
      To: ['2026-03-29T22:00:00.000Z'],
    });
  });

  it('leaves a side open for since and before, and spans a range to the end of its last day', () => {
    expect(periodQueryParameters({ At: ['2026-11-01'], AtOperator: ['since'] }, utcDayStart, today)).toEqual({
      From: ['2026-11-01T00:00:00.000Z'],
    });
    expect(periodQueryParameters({ At: ['2026-11-01'], AtOperator: ['before'] }, utcDayStart, today)).toEqual(
      {
        To: ['2026-11-01T00:00:00.000Z'],
      },
    );
    expect(
      periodQueryParameters({ At: ['2026-11-01/2026-11-03'], AtOperator: ['range'] }, utcDayStart, today),
    ).toEqual({ From: ['2026-11-01T00:00:00.000Z'], To: ['2026-11-04T00:00:00.000Z'] });
  });
});
