import { describe, expect, it } from 'vitest';
import { certificateValidityMapSchema, heartbeatStatusMapSchema } from './bulk-status.ts';

describe('bulk status answers', () => {
  it('read as maps by serial number, a missing heartbeat record as null', () => {
    const answer = { SN1: { isAlive: false, heartBeat: null } };
    expect(heartbeatStatusMapSchema.parse(answer)).toEqual(answer);
    expect(heartbeatStatusMapSchema.safeParse({ SN1: { isAlive: 'yes' } }).success).toBe(false);
  });

  it('accept a device without certificate (no status)', () => {
    const answer = {
      SN1: {
        serialNumber: 'SN1',
        status: null,
        daysBeforeInvalidCalibration: null,
        endOfValidityDate: null,
        lastCalibrationDate: null,
        activationDate: null,
      },
    };
    expect(certificateValidityMapSchema.parse(answer)).toEqual(answer);
  });
});
