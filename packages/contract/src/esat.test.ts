import { describe, expect, it } from 'vitest';
import {
  esatEntryBodySchema,
  esatImportColumnOf,
  esatPeriodDays,
  esatPeriods,
  esatRates,
  readEsatImportRow,
} from './esat.ts';

const QUESTIONS = ['overall', 'turnaround'];

describe('ESAT', () => {
  it('lists every period between two, across years', () => {
    expect(esatPeriods('2025-11', '2026-02', 'month')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(esatPeriods('2024', '2026', 'year')).toEqual(['2024', '2025', '2026']);
    expect(esatPeriods('2026-03', '2026-03', 'month')).toEqual(['2026-03']);
  });

  it('gives the days of a period as a day range', () => {
    expect(esatPeriodDays('2024-02')).toBe('2024-02-01/2024-02-29');
    expect(esatPeriodDays('2025-12')).toBe('2025-12-01/2025-12-31');
    expect(esatPeriodDays('2025')).toBe('2025-01-01/2025-12-31');
  });

  it('rates counts, null where nothing was counted', () => {
    expect(esatRates({ delivered: 4, answered: 3, answers: 3, scoreSum: 13 })).toEqual({
      delivered: 4,
      answered: 3,
      responseRate: 0.75,
      answers: 3,
      averageScore: 4.33,
    });
    expect(esatRates({ delivered: 0, answered: 0, answers: 0, scoreSum: 0 })).toMatchObject({
      responseRate: null,
      averageScore: null,
    });
  });

  it('matches headers without case, spaces or underscores', () => {
    expect(esatImportColumnOf('Order number', QUESTIONS)).toBe('orderNumber');
    expect(esatImportColumnOf('TURN_AROUND', QUESTIONS)).toBe('turnaround');
    expect(esatImportColumnOf('price', QUESTIONS)).toBeUndefined();
  });

  it('reads a row by the entry rules, each problem by its column', () => {
    expect(readEsatImportRow({ orderNumber: ' FC-1 ', overall: '5', turnaround: '' }, QUESTIONS)).toEqual({
      survey: {
        orderNumber: 'FC-1',
        answeredOn: undefined,
        comment: null,
        answers: [{ question: 'overall', score: 5 }],
      },
      errors: [],
    });
    expect(
      readEsatImportRow(
        { orderNumber: '', answeredOn: '31/03/2026', overall: '6', turnaround: '2.5' },
        QUESTIONS,
      ).errors,
    ).toEqual([
      { column: 'orderNumber', message: 'is required', rule: { kind: 'required' } },
      { column: 'answeredOn', message: 'must be a date such as 2026-03-31', rule: { kind: 'format' } },
      { column: 'overall', message: 'must be a whole number from 1 to 5', rule: { kind: 'choice' } },
      { column: 'turnaround', message: 'must be a whole number from 1 to 5', rule: { kind: 'choice' } },
    ]);
    expect(readEsatImportRow({ orderNumber: 'FC-1' }, QUESTIONS).errors).toEqual([
      { column: null, message: 'must hold at least one score', rule: { kind: 'required' } },
    ]);
  });

  it('refuses an entry score outside 1 to 5 or not whole', () => {
    for (const score of [0, 6, 4.5, '4'])
      expect(
        esatEntryBodySchema.safeParse({ orderNumber: 'FC-1', answers: [{ question: 'overall', score }] })
          .success,
      ).toBe(false);
  });
});
