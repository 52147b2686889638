import { describe, expect, it } from 'vitest';
import { ACCESSORY_TOKENS } from './accessory-tokens.ts';
import { filtersFromTokens, tokenFilterKeys, tokensFromFilters } from './search-tokens.ts';

describe('accessory tokens', () => {
  it('are the two filters of GET /Accessories, the device one unique', () => {
    expect(tokenFilterKeys(ACCESSORY_TOKENS)).toEqual(['AccessoriesSerialNumbers', 'SeriesSerialNumber']);
    const tokens = tokensFromFilters(
      { AccessoriesSerialNumbers: ['A1', 'A2'], SeriesSerialNumber: ['S1', 'S2'] },
      ACCESSORY_TOKENS,
    );
    expect(filtersFromTokens(tokens, ACCESSORY_TOKENS)).toEqual({
      AccessoriesSerialNumbers: ['A1', 'A2'],
      SeriesSerialNumber: ['S1'],
    });
  });
});
