import { describe, expect, it } from 'vitest';
import { rangesOverlap, serialNumberOf, serialRangeBodySchema } from './serial-ranges.ts';

describe('serial ranges', () => {
  it('overlap when each starts before the other ends, ends included', () => {
    expect(rangesOverlap({ from: 0, to: 99 }, { from: 99, to: 200 })).toBe(true);
    expect(rangesOverlap({ from: 0, to: 99 }, { from: 100, to: 200 })).toBe(false);
    expect(rangesOverlap({ from: 50, to: 60 }, { from: 0, to: 1000 })).toBe(true);
  });

  it('name serial numbers with five digits, and refuse a range that runs backwards', () => {
    expect(serialNumberOf('TPT2C51895', 42)).toBe('TPT2C5189500042');
    expect(
      serialRangeBodySchema.safeParse({ partNumber: 'tpt2c51895', from: 10, to: 5 }).error?.issues[0],
    ).toMatchObject({
      path: ['to'],
      message: 'must not be below from',
    });
    expect(serialRangeBodySchema.parse({ partNumber: 'tpt2c51895', from: 0, to: 5 }).partNumber).toBe(
      'TPT2C51895',
    );
  });
});
