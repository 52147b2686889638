import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bodyFieldPath, fieldRuleOf } from './field-rules.ts';

const ruleOf = (schema: z.ZodType, value: unknown) => {
  const checked = schema.safeParse(value);
  if (checked.success) throw new Error('accepted');
  return fieldRuleOf(checked.error.issues[0]!);
};

describe('field rules', () => {
  it('names the rule of each kind of zod issue, with its bound', () => {
    expect(ruleOf(z.string(), undefined)).toEqual({ kind: 'required' });
    expect(ruleOf(z.number(), Number.NaN)).toEqual({ kind: 'required' });
    expect(ruleOf(z.string().min(1), '')).toEqual({ kind: 'required' });
    expect(ruleOf(z.string().max(10), 'x'.repeat(11))).toEqual({ kind: 'too_long', limit: 10 });
    expect(ruleOf(z.string().min(3), 'ab')).toEqual({ kind: 'too_short', limit: 3 });
    expect(ruleOf(z.number().max(500), 100000)).toEqual({ kind: 'too_big', limit: 500 });
    expect(ruleOf(z.number().min(2010), 1900)).toEqual({ kind: 'too_small', limit: 2010 });
    expect(ruleOf(z.array(z.string()).max(2), ['a', 'b', 'c'])).toEqual({ kind: 'too_many', limit: 2 });
    expect(ruleOf(z.number().int(), 1.5)).toEqual({ kind: 'whole' });
    expect(ruleOf(z.email(), 'not an address')).toEqual({ kind: 'format' });
    expect(ruleOf(z.enum(['a', 'b']), 'c')).toEqual({ kind: 'choice' });
    expect(ruleOf(z.number(), 'text')).toEqual({ kind: 'invalid' });
  });

  it('reads the path of a body field', () => {
    expect(bodyFieldPath('body.storeAddress.postalCode')).toBe('storeAddress.postalCode');
    expect(bodyFieldPath('query.Search')).toBeNull();
  });
});
