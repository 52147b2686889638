import { describe, expect, it } from 'vitest';
import { checkVin, checkVinDigit, isCheckDigitMandatory, vinCheckDigit, vinSchema } from './vin.ts';

/** The VIN with another character at a position (1-based). */
const withCharacter = (vin: string, position: number, character: string) =>
  `${vin.slice(0, position - 1)}${character}${vin.slice(position)}`;

describe('the VIN check digit (ISO 3779)', () => {
  it('is right on known real VINs', () => {
    // The standard example of the North American rule: check digit X (10).
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(checkVinDigit('1M8GDM9AXKP042788')).toEqual({ expected: 'X', valid: true, mandatory: true });
    // Every weight once: 89 mod 11 is 1.
    expect(vinCheckDigit('11111111111111111')).toBe('1');
    expect(checkVin('11111111111111111')).toEqual({ vin: '11111111111111111', problem: null, warning: null });
    expect(checkVin('1HGCM82633A004352').problem).toBeNull();
  });

  it('transliterates letters as the standard does (A–H 1–8, J–N 1–5, P 7, R 9, S–Z 2–9)', () => {
    // Changing a weighted letter for another of the same value keeps the digit; for one of another value, not.
    const vin = '1M8GDM9AXKP042788';
    expect(vinCheckDigit(withCharacter(vin, 2, 'D'))).toBe('X'); // M = 4 = D
    expect(vinCheckDigit(withCharacter(vin, 11, 'R'))).toBe(vinCheckDigit(withCharacter(vin, 11, 'Z'))); // 9
    expect(vinCheckDigit(withCharacter(vin, 11, 'A'))).not.toBe('X');
    expect(vinCheckDigit(withCharacter(vin, 11, 'S'))).toBe(vinCheckDigit(withCharacter(vin, 11, '2')));
  });

  it('refuses a changed digit on a North American VIN, naming what it should be', () => {
    const changed = withCharacter('1M8GDM9AXKP042788', 12, '3');
    expect(isCheckDigitMandatory(changed)).toBe(true);
    const check = checkVin(changed);
    expect(check.problem).toMatch(/wrong check digit: position 9 should be \d|X/);
    expect(check.warning).toBeNull();
    const parsed = vinSchema.safeParse(changed);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([check.problem]);
  });

  it('refuses a wrong check digit on a Chinese VIN too', () => {
    const vin = 'LGXCE4CB0P0000001';
    const right = withCharacter(vin, 9, vinCheckDigit(vin));
    expect(checkVin(right).problem).toBeNull();
    const wrong = withCharacter(right, 9, right[8] === '0' ? '1' : '0');
    expect(checkVin(wrong).problem).toContain('wrong check digit');
  });

  it('only warns about a wrong check digit where a region may leave it out (W: Germany)', () => {
    const vin = 'WVWZZZ1JZ3W386752';
    const right = withCharacter(vin, 9, vinCheckDigit(vin));
    const wrong = withCharacter(right, 9, right[8] === '0' ? '1' : '0');
    expect(isCheckDigitMandatory(wrong)).toBe(false);
    const check = checkVin(wrong);
    expect(check.problem).toBeNull();
    expect(check.warning).toContain(`should be ${vinCheckDigit(wrong)}`);
    expect(vinSchema.safeParse(wrong).success).toBe(true);
  });

  it('upper-cases, and refuses the wrong length or the letters I, O and Q', () => {
    expect(vinSchema.parse(' 1m8gdm9axkp042788 ')).toBe('1M8GDM9AXKP042788');
    for (const [vin, message] of [
      ['1M8GDM9AXKP04278', 'must be 17 characters'],
      ['1M8GDM9AXKP0427888', 'must be 17 characters'],
      ['1M8GDM9AXKP04278O', 'must be letters and digits without I, O or Q'],
      ['IM8GDM9AXKP042788', 'must be letters and digits without I, O or Q'],
      ['1M8GDM9AXKP0427-8', 'must be letters and digits without I, O or Q'],
    ]) {
      const parsed = vinSchema.safeParse(vin);
      expect(parsed.success, vin).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([message]);
    }
  });
});
