import { JOB_TYPES, jobReportSchema, type JobReport } from '@fleet/contract';
import { SeededRandom } from '@fleet/device-kit/random';
import { describe, expect, it } from 'vitest';
import { BAD_JOB_KINDS, badJobBodies, badJobKind, type BadJobKind } from './bad-jobs.ts';

const REPORT: JobReport = {
  workflow: 'TPMS-CHECK',
  jobType: 0,
  jobStatus: 0,
  beginDate: '2026-11-28T10:00:00.000Z',
  user: 'a.martin',
  data: { VIN: 'VF1AB000123456789', PRESSURE: 2.3 },
  result: { validCal: 1, validChk: 1 },
};

describe('jobs a device sends badly', () => {
  it('come at the chance asked, each kind about as often, the same from the same seed', () => {
    const drawn = (seed: number, chance: number) => {
      const random = new SeededRandom(seed);
      return Array.from({ length: 20_000 }, () => badJobKind(() => random.next(), chance));
    };
    const kinds = drawn(7, 0.02).filter((kind): kind is BadJobKind => kind !== null);
    // 2 % of 20,000 is 400: well within 300 and 500 for any fair generator.
    expect(kinds.length).toBeGreaterThan(300);
    expect(kinds.length).toBeLessThan(500);
    for (const kind of BAD_JOB_KINDS) {
      const share = kinds.filter((one) => one === kind).length / kinds.length;
      expect(share, kind).toBeGreaterThan(0.2);
      expect(share, kind).toBeLessThan(0.47);
    }
    expect(drawn(7, 0.02)).toEqual(drawn(7, 0.02));
    expect(drawn(7, 0).every((kind) => kind === null)).toBe(true);
  });

  it('are cut off, of a type the server does not know, or the same job twice', () => {
    const random = new SeededRandom(3);
    const whole = JSON.stringify(REPORT);
    const [cut, ...more] = badJobBodies('truncated', REPORT, () => random.next());
    expect(more).toEqual([]);
    expect(whole.startsWith(cut!)).toBe(true);
    expect(cut!.length).toBeLessThan(whole.length);
    expect(() => JSON.parse(cut!)).toThrow();

    const [newer] = badJobBodies('newer-type', REPORT, () => random.next());
    expect(JSON.parse(newer!)).toEqual({ ...REPORT, jobType: JOB_TYPES.length });
    expect(jobReportSchema.safeParse(JSON.parse(newer!)).success).toBe(false);

    expect(badJobBodies('duplicate', REPORT, () => random.next())).toEqual([whole, whole]);
    expect(jobReportSchema.safeParse(JSON.parse(whole)).success).toBe(true);
  });
});
