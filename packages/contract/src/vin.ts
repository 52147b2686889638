import { z } from 'zod';
import { VIN_PATTERN } from './job-tags.ts';

/**
 * The vehicle identification number (ISO 3779, docs/insights.md "VIN database"): 17 letters and digits
 * without I, O and Q, upper-cased on input. Position 9 is a check digit, mandatory for North American
 * VINs (first character 1 to 5) and Chinese ones (L); elsewhere makers may leave it out, so a wrong one
 * is only a warning.
 */
export const VIN_LENGTH = 17;
export const VIN_CHECK_DIGIT_POSITION = 9;

const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;
/** ISO 3779 transliteration: A–H 1–8, J–N 1–5, P 7, R 9, S–Z 2–9; digits are themselves. */
const LETTER_VALUES: Readonly<Record<string, number>> = Object.fromEntries(
  [
    ['ABCDEFGH', 1],
    ['JKLMN', 1],
    ['P', 7],
    ['R', 9],
    ['STUVWXYZ', 2],
  ].flatMap(([letters, first]) =>
    [...(letters as string)].map((letter, index) => [letter, (first as number) + index]),
  ),
);

export const VIN_MESSAGES = {
  length: `must be ${VIN_LENGTH} characters`,
  characters: 'must be letters and digits without I, O or Q',
} as const;

/** What is wrong with the form of a VIN (already upper-cased), or null. */
export function vinFormatProblem(vin: string): string | null {
  if (vin.length !== VIN_LENGTH) return VIN_MESSAGES.length;
  return VIN_PATTERN.test(vin) ? null : VIN_MESSAGES.characters;
}

/** The check digit a well-formed VIN should have at position 9: 0 to 9, or X for 10. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let index = 0; index < VIN_LENGTH; index++) {
    const character = vin[index]!;
    const value = /[0-9]/.test(character) ? Number(character) : LETTER_VALUES[character];
    if (value === undefined) throw new Error(`not a VIN character: ${character}`);
    sum += value * WEIGHTS[index]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** North American VINs (first character 1 to 5) and Chinese ones (L) must carry a right check digit. */
export function isCheckDigitMandatory(vin: string): boolean {
  return /^[1-5L]/.test(vin);
}

export interface VinCheckDigit {
  expected: string;
  valid: boolean;
  mandatory: boolean;
}

/** The check digit of a well-formed VIN: what it should be, whether it is, and whether it must be. */
export function checkVinDigit(vin: string): VinCheckDigit {
  const expected = vinCheckDigit(vin);
  return {
    expected,
    valid: vin[VIN_CHECK_DIGIT_POSITION - 1] === expected,
    mandatory: isCheckDigitMandatory(vin),
  };
}

export const vinCheckDigitError = (expected: string) =>
  `has a wrong check digit: position ${VIN_CHECK_DIGIT_POSITION} should be ${expected}`;
export const vinCheckDigitWarning = (expected: string) =>
  `check digit (position ${VIN_CHECK_DIGIT_POSITION}) should be ${expected}; accepted, as makers outside North America and China may not use one`;

/**
 * A well-formed VIN with its check digit where it is mandatory: `problem` refuses it; `warning` says a
 * wrong check digit where it is optional.
 */
export function checkVin(input: string): { vin: string; problem: string | null; warning: string | null } {
  const vin = input.trim().toUpperCase();
  const problem = vinFormatProblem(vin);
  if (problem) return { vin, problem, warning: null };
  const digit = checkVinDigit(vin);
  if (digit.valid) return { vin, problem: null, warning: null };
  return digit.mandatory
    ? { vin, problem: vinCheckDigitError(digit.expected), warning: null }
    : { vin, problem: null, warning: vinCheckDigitWarning(digit.expected) };
}

/** A VIN checked by its form, and by its check digit where that is mandatory when `checkDigit`. */
function vinStringSchema(checkDigit: boolean) {
  return (
    z
      .string()
      .trim()
      .toUpperCase()
      // Aborts: a text of 10,000 characters is not looked at further.
      .max(VIN_LENGTH, { error: VIN_MESSAGES.length, abort: true })
      .superRefine((vin, context) => {
        const problem = checkDigit ? checkVin(vin).problem : vinFormatProblem(vin);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      // Lower-case letters are accepted and upper-cased, so the documented pattern takes both.
      .meta({ pattern: '^[A-HJ-NPR-Za-hj-npr-z0-9]{17}$', examples: ['1M8GDM9AXKP042788'] })
  );
}

/** A VIN as a path names a recorded one: its form only (upper-cased). */
export const vinFormatSchema = vinStringSchema(false);

/** A VIN as a new vehicle gives it: its form, and its check digit where that is mandatory. */
export const vinSchema = vinStringSchema(true);
