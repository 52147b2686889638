import { describe, expect, it } from 'vitest';
import { formatHexBytes, modbusAnswer, parseHexBytes } from './modbus.ts';

const answer = (raw: string) => {
  const found = modbusAnswer(parseHexBytes(raw)!);
  return found && formatHexBytes(found);
};

describe('simulated Modbus', () => {
  it('reads hexadecimal bytes with or without spaces, and only whole bytes', () => {
    expect(parseHexBytes('01 03 00 10 00 02')).toEqual([1, 3, 0, 0x10, 0, 2]);
    expect(parseHexBytes('0a0Bff')).toEqual([10, 11, 255]);
    expect(parseHexBytes('01 0')).toBeNull();
    expect(parseHexBytes('01 zz')).toBeNull();
    expect(formatHexBytes([1, 3, 0x2a, 255])).toBe('01 03 2A FF');
  });

  it('answers a read of existing registers with their values, the same each time', () => {
    expect(answer('01 03 00 00 00 02')).toBe('01 03 04 00 2A 01 F4');
    expect(answer('11 04 0F FF 00 01')).toBe(answer('11 04 0F FF 00 01'));
    expect(answer('11 04 0F FF 00 01')).toMatch(/^11 04 02 [0-9A-F]{2} [0-9A-F]{2}$/);
  });

  it('stays silent for a register it does not have', () => {
    expect(answer('01 03 10 00 00 01')).toBeNull();
    expect(answer('01 04 FF FF 00 01')).toBeNull();
  });

  it('answers an exception to a malformed read', () => {
    expect(answer('01 03 00 10')).toBe('01 83 03');
    expect(answer('01 03 00 10 00 00')).toBe('01 83 03');
    expect(answer('01 04 00 10 00 7E')).toBe('01 84 03');
  });

  it('acknowledges other functions by echoing them', () => {
    expect(answer('01 06 00 10 00 2A')).toBe('01 06 00 10 00 2A');
    expect(answer('01 10 20 00 00 01 02 00 07')).toBe('01 10 20 00 00 01 02 00 07');
  });
});
