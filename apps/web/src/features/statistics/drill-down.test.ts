import { describe, expect, it } from 'vitest';
import { answersLink, periodWithin } from './drill-down';

describe('drill-down to the answers', () => {
  it('gives a bar its period within the statistics day filter', () => {
    expect(periodWithin('2025-03', {})).toEqual({ At: ['2025-03-01/2025-03-31'], AtOperator: ['range'] });
    expect(periodWithin('2025-03', { At: ['2025-03-10'], AtOperator: ['since'] })).toEqual({
      At: ['2025-03-10/2025-03-31'],
      AtOperator: ['range'],
    });
    expect(periodWithin('2025', { At: ['2025-04-01'], AtOperator: ['before'] }).At).toEqual([
      '2025-01-01/2025-03-31',
    ]);
    expect(periodWithin('2024', { At: ['2024-02-01/2024-05-31'], AtOperator: ['range'] }).At).toEqual([
      '2024-02-01/2024-05-31',
    ]);
  });

  it('keeps the other filters and puts the bar’s in place of the same ones', () => {
    const link = answersLink({ ServiceCenter: ['1', '2'], At: ['2025-01-01'] }, { ServiceCenter: ['2'] });
    expect(link).toBe('/tool/statistics/esat/answers?ServiceCenter=2&At=2025-01-01');
  });
});
