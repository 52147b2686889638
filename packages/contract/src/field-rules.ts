import { z } from 'zod';

/**
 * The rules a field can break, named the same on both sides: the server attaches the rule to each
 * field of a 400, and the console says it in the user's language under the field (never the server's
 * English, a field path or a validation library's wording).
 */
export const FIELD_RULES = [
  'required',
  'too_long',
  'too_short',
  'too_big',
  'too_small',
  'too_many',
  'whole',
  'format',
  'choice',
  'unknown',
  'taken',
  'past',
  // A day: after today, or before the first day allowed (`date`).
  'future',
  'too_early',
  'too_much',
  'unavailable',
  'expired',
  // A row of an imported file: the same value as an earlier row, another company's code, a column the
  // import does not know.
  'repeated',
  'own_company',
  'not_a_column',
  // An imported file as a whole: too large, empty, unreadable, too many rows or none, its header row's
  // columns (one unknown, one twice, one missing).
  'file_too_large',
  'file_empty',
  'unreadable',
  'too_many_rows',
  'no_rows',
  'unknown_column',
  'column_twice',
  'column_missing',
  // A webhook's address: HTTPS only, no user name or password in it, no private network's address.
  'https_only',
  'credentials',
  'private_address',
  'invalid',
] as const;
export type FieldRuleKind = (typeof FIELD_RULES)[number];

export const fieldRuleSchema = z.object({
  kind: z.enum(FIELD_RULES),
  /** The bound of a length, a size or a count. */
  limit: z.number().optional(),
  /** The earlier row of a file that holds the same value. */
  row: z.number().int().optional(),
  /** The column of a file the rule is about. */
  name: z.string().max(100).optional(),
  /** The calendar day a rule names (`2017-02-01`), written in the user's format by the console. */
  date: z.iso.date().optional(),
});
export type FieldRule = z.infer<typeof fieldRuleSchema>;

/** What a validation issue says of a value (zod's issue, as the server and the console both meet it). */
export interface ValidationIssue {
  code: string;
  message?: string;
  origin?: string;
  minimum?: number | bigint | Date;
  maximum?: number | bigint | Date;
  format?: string;
}

const limitOf = (bound: ValidationIssue['minimum']): number | undefined =>
  typeof bound === 'number' || typeof bound === 'bigint' ? Number(bound) : undefined;

/** The rule a validation issue says was broken. */
export function fieldRuleOf(issue: ValidationIssue): FieldRule {
  const text = issue.origin === 'string';
  const many = issue.origin === 'array' || issue.origin === 'set';
  switch (issue.code) {
    case 'invalid_type':
      // A field left empty (zod says what it received only in its message).
      if (/received (undefined|NaN|null)/.test(issue.message ?? '')) return { kind: 'required' };
      return /expected int/.test(issue.message ?? '') ? { kind: 'whole' } : { kind: 'invalid' };
    case 'too_big': {
      const limit = limitOf(issue.maximum);
      return {
        kind: text ? 'too_long' : many ? 'too_many' : 'too_big',
        ...(limit === undefined ? {} : { limit }),
      };
    }
    case 'too_small': {
      const limit = limitOf(issue.minimum);
      if ((text || many) && limit === 1) return { kind: 'required' };
      return { kind: text ? 'too_short' : 'too_small', ...(limit === undefined ? {} : { limit }) };
    }
    case 'not_multiple_of':
      return { kind: 'whole' };
    case 'invalid_format':
      return { kind: 'format' };
    case 'invalid_value':
    case 'invalid_union':
      return { kind: 'choice' };
    default:
      return { kind: 'invalid' };
  }
}

/** `body.storeAddress.postalCode` -> `storeAddress.postalCode`: the path of a field inside the body. */
export function bodyFieldPath(field: string): string | null {
  return field.startsWith('body.') ? field.slice('body.'.length) : null;
}
