import { z } from 'zod';

/**
 * Warranty codes (docs/company-tools.md): `W` and 11 characters of Crockford's base 32 that a device
 * makes on its own when a job opens a warranty claim, and prints on the job's report.
 *
 * | characters | meaning |
 * | 1 | `W` |
 * | 2–6 | the device: a 25-bit fingerprint of its serial number |
 * | 7–9 | the day of the claim, counted from 1 February 2017 |
 * | 10–11 | the claim's number on the device that day (0–1023) |
 * | 12 | check character: Luhn mod 32 over characters 2–11 |
 */
export const CROCKFORD_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const WARRANTY_CODE_LENGTH = 12;
const EPOCH_MS = Date.UTC(2017, 1, 1);
const DAY_MS = 86_400_000;
const BASE = 32;

const ALIASES: Record<string, string> = { I: '1', L: '1', O: '0' };

/** Crockford's reading: upper case, I and L as 1, O as 0; dashes and spaces ignored. */
export function normaliseWarrantyCode(code: string): string {
  return code
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/[ILO]/g, (character) => ALIASES[character]!);
}

function digits(value: number, length: number): string {
  let text = '';
  for (let index = 0; index < length; index++) {
    text = CROCKFORD_ALPHABET[value % BASE] + text;
    value = Math.floor(value / BASE);
  }
  return text;
}

function valueOf(text: string): number {
  let value = 0;
  for (const character of text) value = value * BASE + CROCKFORD_ALPHABET.indexOf(character);
  return value;
}

/** Luhn mod 32: the character that makes the Luhn sum of `body` and itself a multiple of 32. */
export function warrantyCheckCharacter(body: string): string {
  let factor = 2;
  let sum = 0;
  for (let index = body.length - 1; index >= 0; index--) {
    const addend = factor * CROCKFORD_ALPHABET.indexOf(body[index]!);
    sum += Math.floor(addend / BASE) + (addend % BASE);
    factor = factor === 2 ? 1 : 2;
  }
  return CROCKFORD_ALPHABET[(BASE - (sum % BASE)) % BASE]!;
}

/** The device part of its codes: FNV-1a of its serial number, folded to 25 bits. */
export function deviceFingerprint(serialNumber: string): number {
  let hash = 0x811c9dc5;
  for (const character of serialNumber.toUpperCase()) {
    hash ^= character.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return ((hash >>> 25) ^ hash) & 0x1ffffff;
}

export const WARRANTY_MAX_CLAIM = BASE * BASE - 1;

/** The code of a claim: the device that makes it, the instant (its UTC day counts) and the claim's number. */
export function encodeWarrantyCode(serialNumber: string, at: Date, claim: number): string {
  const day = Math.floor((at.getTime() - EPOCH_MS) / DAY_MS);
  if (day < 0 || day >= BASE ** 3) throw new RangeError('a warranty code dates from 2017-02-01 to 2106');
  if (!Number.isInteger(claim) || claim < 0 || claim > WARRANTY_MAX_CLAIM)
    throw new RangeError(`a claim number is from 0 to ${WARRANTY_MAX_CLAIM}`);
  const body = digits(deviceFingerprint(serialNumber), 5) + digits(day, 3) + digits(claim, 2);
  return `W${body}${warrantyCheckCharacter(body)}`;
}

export const WARRANTY_CODE_PROBLEMS = ['empty', 'prefix', 'length', 'characters', 'check'] as const;
export type WarrantyCodeProblem = (typeof WARRANTY_CODE_PROBLEMS)[number];

export type DecodedWarrantyCode =
  | { valid: true; code: string; fingerprint: number; day: string; claim: number }
  | { valid: false; code: string; problem: WarrantyCodeProblem };

/** Reads a code into its parts, or says what is wrong with it. */
export function decodeWarrantyCode(input: string): DecodedWarrantyCode {
  const code = normaliseWarrantyCode(input);
  const fail = (problem: WarrantyCodeProblem): DecodedWarrantyCode => ({ valid: false, code, problem });
  if (code === '') return fail('empty');
  if (!code.startsWith('W')) return fail('prefix');
  if (code.length !== WARRANTY_CODE_LENGTH) return fail('length');
  const body = code.slice(1, -1);
  if (![...code.slice(1)].every((character) => CROCKFORD_ALPHABET.includes(character)))
    return fail('characters');
  if (warrantyCheckCharacter(body) !== code.at(-1)) return fail('check');
  const day = new Date(EPOCH_MS + valueOf(body.slice(5, 8)) * DAY_MS).toISOString().slice(0, 10);
  return {
    valid: true,
    code,
    fingerprint: valueOf(body.slice(0, 5)),
    day,
    claim: valueOf(body.slice(8, 10)),
  };
}

/** The query of the decode screen (route WarrantyCodeHome): the code, and the job's own references. */
export const WARRANTY_QUERY_KEYS = ['warrantycode', 'ro', 'bac', 'vin'] as const;

const reference = z.string().trim().max(64, 'must be at most 64 characters').optional();
export const warrantyDecodeQuerySchema = z.object({
  ro: reference,
  bac: reference,
  vin: reference,
});

/** What a decoded code leads to, as the user may see it. */
export const warrantyDecodeAnswerSchema = z.object({
  code: z.string(),
  valid: z.boolean(),
  problem: z.enum(WARRANTY_CODE_PROBLEMS).nullable(),
  day: z.string().nullable(),
  claim: z.number().int().nullable(),
  /** The job that carries the code, when the user may see it. */
  job: z
    .object({
      id: z.string(),
      archived: z.boolean(),
      beginDate: z.string(),
      workflow: z.string(),
      ro: z.string().nullable(),
      bac: z.string().nullable(),
      vin: z.string().nullable(),
    })
    .nullable(),
  device: z.object({ serialNumber: z.string(), deviceType: z.string() }).nullable(),
  /** Whether the device of the job is the one the code names (its fingerprint). */
  deviceMatches: z.boolean().nullable(),
  /** Each reference given, compared with the job's: null when not given or no job. */
  matches: z.object({ ro: z.boolean().nullable(), bac: z.boolean().nullable(), vin: z.boolean().nullable() }),
});
export type WarrantyDecodeAnswer = z.infer<typeof warrantyDecodeAnswerSchema>;

/** A file of codes to decode in bulk: a `warrantycode` column, and the references to compare. */
export const WARRANTY_BULK_COLUMNS = ['warrantycode', 'ro', 'bac', 'vin'] as const;
export type WarrantyBulkColumn = (typeof WARRANTY_BULK_COLUMNS)[number];
export const WARRANTY_BULK_MAX_ROWS = 10_000;
export const WARRANTY_BULK_MAX_BYTES = 2 * 1024 * 1024;

/** The column a header names, without case, spaces, dashes or underscores ("Warranty code" is warrantycode). */
export function warrantyBulkColumnOf(header: string): WarrantyBulkColumn | undefined {
  const squeezed = header.toLowerCase().replace(/[\s_-]/g, '');
  return (WARRANTY_BULK_COLUMNS as readonly string[]).includes(squeezed)
    ? (squeezed as WarrantyBulkColumn)
    : undefined;
}

/** The columns of a bulk decode's file, one row per code of the file, in its order. */
export const WARRANTY_BULK_RESULT_COLUMNS = [
  'warrantycode',
  'valid',
  'problem',
  'claimDay',
  'claimNumber',
  'serialNumber',
  'deviceType',
  'jobId',
  'jobBeginDate',
  'deviceMatches',
  'ro',
  'roMatches',
  'bac',
  'bacMatches',
  'vin',
  'vinMatches',
] as const;
