import { describe, expect, it } from 'vitest';
import { calibrationDisplay, certificateStatus } from './certificates.ts';

const now = new Date('2026-05-01T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);

describe('calibration status', () => {
  it('derives the device status from the days left and the check', () => {
    expect(certificateStatus(null, now)).toBeNull();
    expect(certificateStatus({ endOfValidityDate: inDays(200), checkPassed: true }, now)).toBe('Ok');
    expect(certificateStatus({ endOfValidityDate: inDays(200), checkPassed: null }, now)).toBe('Ok');
    expect(certificateStatus({ endOfValidityDate: inDays(30), checkPassed: true }, now)).toBe('Warning');
    expect(certificateStatus({ endOfValidityDate: inDays(7), checkPassed: true }, now)).toBe('Urgent');
    expect(certificateStatus({ endOfValidityDate: inDays(0.5), checkPassed: true }, now)).toBe('Urgent');
    expect(certificateStatus({ endOfValidityDate: inDays(-1), checkPassed: true }, now)).toBe('Expired');
    expect(certificateStatus({ endOfValidityDate: inDays(200), checkPassed: false }, now)).toBe('Expired');
  });

  it('follows the job display rule of spec §4', () => {
    expect(calibrationDisplay(1, 1)).toBe('Ok');
    expect(calibrationDisplay(1, 0)).toBe('Ok');
    expect(calibrationDisplay(1, 2)).toBe('Expired');
    expect(calibrationDisplay(2, 1)).toBe('Expired');
    expect(calibrationDisplay(2, 0)).toBe('Expired');
    expect(calibrationDisplay(0, 1)).toBeNull();
  });
});
