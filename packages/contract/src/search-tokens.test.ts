import { describe, expect, it } from 'vitest';
import {
  addToken,
  availableTokens,
  filtersFromTokens,
  parseDateTokenData,
  removeToken,
  tokensFromFilters,
  UnknownSearchItem,
  type SearchTokenDefinition,
} from './search-tokens.ts';

const definitions: SearchTokenDefinition[] = [
  { type: 'Search', label: 'Search', kind: 'text', unique: true, order: 0 },
  { type: 'TypeFilter', label: 'Type', kind: 'choice' },
  { type: 'MakerFilter', label: 'Maker', kind: 'choice' },
  { type: 'Group', label: 'Group', kind: 'choice', internalOnly: true },
  { type: 'Archive', label: 'Archive', kind: 'boolean', order: -1 },
  { type: 'Secret', label: 'Secret', kind: 'text', authorizedRoles: ['administrator'] },
  { type: 'JobFilter', label: 'Job', kind: 'choice', feature: 'SERIES.DETAILS.JOBS' },
  {
    type: 'BeginDate',
    label: 'Date',
    kind: 'date',
    unique: true,
    required: true,
    operators: ['equal', 'notEqual', 'range'],
  },
];
const label = (d: SearchTokenDefinition) => d.label;

describe('search tokens', () => {
  it('offers tokens by right, sorted by order then label, negative orders last', () => {
    const customer = availableTokens(
      definitions,
      { roles: ['customer-engineering-user'], wholeFleet: false, features: [] },
      label,
      'en',
    );
    expect(customer.map((d) => d.type)).toEqual([
      'Search',
      'BeginDate',
      'MakerFilter',
      'TypeFilter',
      'Archive',
    ]);
    const admin = availableTokens(
      definitions,
      { roles: ['administrator'], wholeFleet: true, features: ['SERIES.DETAILS.JOBS'] },
      label,
      'en',
    );
    expect(admin.map((d) => d.type)).toEqual([
      'Search',
      'BeginDate',
      'Group',
      'JobFilter',
      'MakerFilter',
      'Secret',
      'TypeFilter',
      'Archive',
    ]);
  });

  it('keeps one token per unique type and drops blank values', () => {
    let tokens = addToken([], { type: 'Search', value: { data: 'abc', operator: 'equal' } }, definitions);
    tokens = addToken(tokens, { type: 'Search', value: { data: 'xyz', operator: 'equal' } }, definitions);
    tokens = addToken(tokens, { type: 'TypeFilter', value: { data: 'A', operator: 'equal' } }, definitions);
    tokens = addToken(tokens, { type: 'TypeFilter', value: { data: 'B', operator: 'equal' } }, definitions);
    tokens = addToken(tokens, { type: 'TypeFilter', value: { data: 'B', operator: 'equal' } }, definitions);
    tokens = addToken(tokens, { type: 'MakerFilter', value: { data: '  ', operator: 'equal' } }, definitions);
    expect(tokens.map((t) => `${t.type}=${t.value.data}`)).toEqual([
      'Search=xyz',
      'TypeFilter=A',
      'TypeFilter=B',
    ]);
    expect(() =>
      addToken(tokens, { type: 'Nope', value: { data: 'x', operator: 'equal' } }, definitions),
    ).toThrow(UnknownSearchItem);
  });

  it('never removes a required token', () => {
    const tokens = tokensFromFilters({ BeginDate: ['2025-01-01'], Search: ['x'] }, definitions);
    const dateIndex = tokens.findIndex((t) => t.type === 'BeginDate');
    expect(removeToken(tokens, dateIndex, definitions)).toHaveLength(2);
    expect(
      removeToken(
        tokens,
        tokens.findIndex((t) => t.type === 'Search'),
        definitions,
      ),
    ).toHaveLength(1);
  });

  it('writes operators other than the default next to the values', () => {
    const tokens = tokensFromFilters(
      { BeginDate: ['2025-01-01/2025-02-01'], BeginDateOperator: ['range'], TypeFilter: ['A', 'B'] },
      definitions,
    );
    expect(tokens).toContainEqual({
      type: 'BeginDate',
      value: { data: '2025-01-01/2025-02-01', operator: 'range' },
    });
    expect(filtersFromTokens(tokens, definitions)).toEqual({
      TypeFilter: ['A', 'B'],
      BeginDate: ['2025-01-01/2025-02-01'],
      BeginDateOperator: ['range'],
    });
    expect(
      tokensFromFilters({ BeginDate: ['2025-01-01'], BeginDateOperator: ['bogus'] }, definitions)[0]!.value
        .operator,
    ).toBe('equal');
  });

  it('reads date tokens: reordered ranges, at most today, invalid text gives yesterday..today', () => {
    const today = new Date('2026-03-10T15:00:00Z');
    expect(parseDateTokenData('2026-02-01', today)).toEqual({ start: '2026-02-01', end: null });
    expect(parseDateTokenData('2026-02-10/2026-01-05', today)).toEqual({
      start: '2026-01-05',
      end: '2026-02-10',
    });
    expect(parseDateTokenData('2026-03-01/2027-01-01', today)).toEqual({
      start: '2026-03-01',
      end: '2026-03-10',
    });
    expect(parseDateTokenData('2026-02-30', today)).toEqual({ start: '2026-03-09', end: '2026-03-10' });
    expect(parseDateTokenData('garbage', today)).toEqual({ start: '2026-03-09', end: '2026-03-10' });
  });
});
