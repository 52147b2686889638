import { describe, expect, it } from 'vitest';
import { fromPartOf, isAccessorySerialNumber, partNumberOf, serialNumberRoute } from './serial-numbers.ts';

describe('serial numbers', () => {
  it('splits part number and from part', () => {
    expect(partNumberOf('TPT3E21000' + '00042')).toBe('TPT3E21000');
    expect(fromPartOf('TPT3E2100000042')).toBe('00042');
  });
  it('recognises accessories by the A at index 4', () => {
    expect(isAccessorySerialNumber('TPSXA1234500001')).toBe(true);
    expect(isAccessorySerialNumber('TPSXE1234500001')).toBe(false);
    expect(isAccessorySerialNumber('ABCD')).toBe(false);
    expect(isAccessorySerialNumber('ABCDA')).toBe(true);
  });
  it('routes to the accessory or the device page', () => {
    expect(serialNumberRoute('TPSXA1234500001')).toBe('/accessory/TPSXA1234500001');
    expect(serialNumberRoute('TPT3E2100000042')).toBe('/serie/TPT3E2100000042');
  });
});
