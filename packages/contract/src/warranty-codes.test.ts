import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  CROCKFORD_ALPHABET,
  decodeWarrantyCode,
  deviceFingerprint,
  encodeWarrantyCode,
  warrantyCheckCharacter,
} from './warranty-codes.ts';

const at = new Date('2026-11-24T15:30:00Z');

describe('warranty codes', () => {
  it('encode a claim and decode it back into its parts', () => {
    const code = encodeWarrantyCode('TPT2C5189500042', at, 7);
    expect(code).toMatch(/^W[0-9A-HJKMNP-TV-Z]{11}$/);
    expect(decodeWarrantyCode(code)).toEqual({
      valid: true,
      code,
      fingerprint: deviceFingerprint('TPT2C5189500042'),
      day: '2026-11-24',
      claim: 7,
    });
  });

  it('read codes as Crockford intends: any case, I and L as 1, O as 0, dashes and spaces ignored', () => {
    const code = encodeWarrantyCode('BAT3F0000100001', at, 1);
    const typed = code.toLowerCase().replace(/1/g, 'l').replace(/0/g, 'o');
    expect(decodeWarrantyCode(`${typed.slice(0, 6)}-${typed.slice(6)} `)).toMatchObject({
      valid: true,
      code,
    });
  });

  it('say what is wrong with a code that is not one', () => {
    expect(decodeWarrantyCode('')).toMatchObject({ valid: false, problem: 'empty' });
    expect(decodeWarrantyCode('X12345678901')).toMatchObject({ valid: false, problem: 'prefix' });
    expect(decodeWarrantyCode('W1234')).toMatchObject({ valid: false, problem: 'length' });
    expect(decodeWarrantyCode('W12345678U01')).toMatchObject({ valid: false, problem: 'characters' });
  });

  // Luhn's one blind spot, as 09 and 90 in base 10: the neighbours 0 and Z (0 and 31) swapped.
  const blindSpot = (a: string, b: string) => (a === '0' && b === 'Z') || (a === 'Z' && b === '0');

  it('catch every single wrong character and every swap of two different neighbours but 0 and Z', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 10, maxLength: 10, unit: fc.constantFrom(...CROCKFORD_ALPHABET) }),
        fc.nat(10),
        fc.constantFrom(...CROCKFORD_ALPHABET),
        (body, position, replacement) => {
          const code = `W${body}${warrantyCheckCharacter(body)}`;
          expect(decodeWarrantyCode(code).valid).toBe(true);
          const characters = [...code.slice(1)];
          if (characters[position] !== replacement) {
            const changed = [...characters];
            changed[position] = replacement;
            expect(decodeWarrantyCode(`W${changed.join('')}`)).toMatchObject({ problem: 'check' });
          }
          const [first, second] = [characters[position]!, characters[position + 1] ?? ''];
          if (position < 10 && first !== second && !blindSpot(first, second)) {
            const swapped = [...characters];
            [swapped[position], swapped[position + 1]] = [swapped[position + 1]!, swapped[position]!];
            expect(decodeWarrantyCode(`W${swapped.join('')}`).valid).toBe(false);
          }
        },
      ),
      { numRuns: 20000 },
    );
  });

  it('refuse claims outside the code’s range', () => {
    expect(() => encodeWarrantyCode('X', new Date('2016-12-31T00:00:00Z'), 0)).toThrow(RangeError);
    expect(() => encodeWarrantyCode('X', at, 1024)).toThrow(RangeError);
  });
});
