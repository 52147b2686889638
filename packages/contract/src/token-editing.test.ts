import { describe, expect, it } from 'vitest';
import { associationQueryParameters, jobQueryParameters, jobTokens } from './job-tokens.ts';
import {
  appliedDateToken,
  operatorsOf,
  tokensFromFilters,
  type SearchTokenDefinition,
} from './search-tokens.ts';
import { deactivateToken, segmentAfter, typeOperator, type OperatorChoice } from './token-editing.ts';

const today = new Date('2026-03-10T15:00:00Z');
const definition = (type: string, kinds = jobTokens('LIVE')) =>
  kinds.find((token) => token.type === type) as SearchTokenDefinition;

describe('operators a token offers', () => {
  it('lets a tag be equal, not equal or almost, and drops almost in archived mode (jobs §9)', () => {
    expect(operatorsOf(definition('VIN'))).toEqual(['equal', 'notEqual', 'almost']);
    expect(operatorsOf(definition('VIN', jobTokens('ARCHIVED')))).toEqual(['equal', 'notEqual']);
    expect(operatorsOf(definition('VIN', jobTokens('SYNTHETIC')))).toContain('almost');
  });

  it('gives dates is, is not, since, before and a period; a token without operators is "is"', () => {
    expect(operatorsOf(definition('BeginDate'))).toEqual(['equal', 'notEqual', 'since', 'before', 'range']);
    expect(operatorsOf(definition('PostedDate'))).toEqual(['since', 'before', 'range']);
    expect(operatorsOf(definition('JobType'))).toEqual(['equal']);
  });
});

describe('date tokens as applied', () => {
  const begin = definition('BeginDate');
  const apply = (data: string, operator: 'equal' | 'since' | 'range' = 'equal') =>
    appliedDateToken({ type: 'BeginDate', value: { data, operator } }, begin, today).value;

  it('falls back to yesterday–today for invalid text, as a period (jobs §5)', () => {
    expect(apply('garbage')).toEqual({ data: '2026-03-09/2026-03-10', operator: 'range' });
  });

  it('reorders a backwards period and brings a future day back to today', () => {
    expect(apply('2026-02-10/2026-01-05')).toEqual({ data: '2026-01-05/2026-02-10', operator: 'range' });
    expect(apply('2027-01-01', 'since')).toEqual({ data: '2026-03-10', operator: 'since' });
  });

  it('makes a range without its end one day, and cuts a period where no range is offered', () => {
    expect(apply('2026-02-01', 'range')).toEqual({ data: '2026-02-01', operator: 'equal' });
    const tag: SearchTokenDefinition = { type: 'At', label: 'x', kind: 'date', operators: ['since'] };
    expect(
      appliedDateToken(
        { type: 'At', value: { data: '2026-02-01/2026-02-05', operator: 'since' } },
        tag,
        today,
      ).value,
    ).toEqual({ data: '2026-02-01', operator: 'since' });
  });

  it('is what a URL gives the bar, so the pill says what the request sends', () => {
    const tokens = tokensFromFilters({ BeginDate: ['garbage'] }, jobTokens('LIVE'), today);
    expect(tokens).toEqual([
      { type: 'BeginDate', value: { data: '2026-03-09/2026-03-10', operator: 'range' } },
    ]);
  });
});

describe('posted date', () => {
  it('sends a period as PostedDate and PostedDateBefore the day after its end', () => {
    const parameters = jobQueryParameters(
      { PostedDate: ['2026-02-01/2026-02-05'], PostedDateOperator: ['range'] },
      undefined,
      today,
    );
    expect(parameters).toEqual({
      PostedDate: ['2026-02-01T00:00:00.000Z'],
      PostedDateBefore: ['2026-02-06T00:00:00.000Z'],
    });
    expect(jobQueryParameters({ PostedDate: ['2026-02-01'], PostedDateOperator: ['before'] })).toEqual({
      PostedDateBefore: ['2026-02-01T00:00:00.000Z'],
    });
  });
});

describe('segments of a token being edited (jobs §4)', () => {
  it('moves back and on through title, operator and data', () => {
    expect(segmentAfter('data', 'previous', true)).toBe('operator');
    expect(segmentAfter('data', 'backspace', true)).toBe('operator');
    expect(segmentAfter('operator', 'backspace', true)).toBe('title');
    expect(segmentAfter('title', 'next', true)).toBe('operator');
    expect(segmentAfter('operator', 'next', true)).toBe('data');
  });

  it('passes over the operator of a token with one operator, and leaves the token at either end', () => {
    expect(segmentAfter('data', 'backspace', false)).toBe('title');
    expect(segmentAfter('title', 'next', false)).toBe('data');
    expect(segmentAfter('title', 'backspace', true)).toBeNull();
    expect(segmentAfter('data', 'next', true)).toBeNull();
  });

  it('removes a token deactivated with empty data, and keeps one with data', () => {
    const vin = definition('VIN');
    expect(deactivateToken({ definition: vin, operator: 'almost', data: '  ' })).toBeNull();
    expect(deactivateToken({ definition: vin, operator: 'almost', data: ' WVW ' })).toEqual({
      type: 'VIN',
      value: { data: 'WVW', operator: 'almost' },
    });
  });
});

describe('typing an operator (jobs §5)', () => {
  const choices: OperatorChoice[] = [
    { operator: 'equal', label: 'is' },
    { operator: 'notEqual', label: 'is not' },
    { operator: 'almost', label: 'contains' },
  ];

  it('offers the operators that begin with what was typed', () => {
    expect(typeOperator('is', choices, false)).toEqual({ kind: 'offer', operators: ['equal', 'notEqual'] });
    expect(typeOperator('C', choices, true)).toEqual({ kind: 'offer', operators: ['almost'] });
  });

  it('refuses a key that begins no operator when the token has data', () => {
    expect(typeOperator('x', choices, true)).toEqual({ kind: 'reject' });
  });

  it('applies the suggestion and keeps the text as data when there is no data yet', () => {
    expect(typeOperator('WVW', choices, false)).toEqual({ kind: 'data', operator: 'equal', data: 'WVW' });
  });
});

describe('association creation dates', () => {
  const ask = (data: string, operator?: string) =>
    associationQueryParameters(
      {
        CreatedAt: [data],
        ...(operator ? { CreatedAtOperator: [operator] } : {}),
        AssociationMode: ['AUTO'],
      },
      today,
    );
  it('sends one day as both ends, since and before as one end, a period as both', () => {
    expect(ask('2026-02-03')).toMatchObject({ StartDate: ['2026-02-03'], EndDate: ['2026-02-03'] });
    expect(ask('2026-02-03', 'since')).toEqual({
      StartDate: ['2026-02-03'],
      AssociationMode: [expect.any(String)],
    });
    expect(ask('2026-02-03', 'before')).toMatchObject({ EndDate: ['2026-02-02'] });
    expect(ask('2026-02-03/2026-02-09', 'range')).toMatchObject({
      StartDate: ['2026-02-03'],
      EndDate: ['2026-02-09'],
    });
  });
});
