import { describe, expect, it } from 'vitest';
import { calibrationReading } from './calibration-wording.ts';
import type { CertificateValidity } from './certificates.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');

function validity(overrides: Partial<CertificateValidity>): CertificateValidity {
  return {
    serialNumber: 'ALIGN0000000001',
    status: 'Ok',
    daysBeforeInvalidCalibration: 200,
    endOfValidityDate: '2026-09-26T00:00:00.000Z',
    lastCalibrationDate: '2025-09-26T00:00:00.000Z',
    activationDate: null,
    ...overrides,
  };
}

describe('calibration reading', () => {
  it('tells a valid certificate with its days left and end of validity', () => {
    expect(calibrationReading(validity({}), NOW)).toEqual({
      reason: 'valid',
      days: 200,
      date: '2026-09-26T00:00:00.000Z',
    });
  });

  it('tells a failed check on a certificate still valid, with its calibration date, not its end', () => {
    const failed = validity({
      status: 'Expired',
      daysBeforeInvalidCalibration: 560,
      endOfValidityDate: '2027-09-19T00:00:00.000Z',
    });
    expect(calibrationReading(failed, NOW)).toEqual({
      reason: 'check_failed',
      date: '2025-09-26T00:00:00.000Z',
    });
    expect(calibrationReading({ ...failed, daysBeforeInvalidCalibration: null }, NOW)?.reason).toBe(
      'check_failed',
    );
  });

  it('tells an ended validity with the day it ended', () => {
    const ended = validity({
      status: 'Expired',
      daysBeforeInvalidCalibration: -3,
      endOfValidityDate: '2026-03-07T00:00:00.000Z',
    });
    expect(calibrationReading(ended, NOW)).toEqual({ reason: 'ended', date: '2026-03-07T00:00:00.000Z' });
  });

  it('tells nothing without a status', () => {
    expect(calibrationReading(validity({ status: null }), NOW)).toBeNull();
    expect(calibrationReading(undefined, NOW)).toBeNull();
  });
});
