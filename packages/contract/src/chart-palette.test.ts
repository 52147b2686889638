import { describe, expect, it } from 'vitest';
import { CHART_PALETTE, paletteColours } from './chart-palette.ts';

describe('the chart palette (spec §9)', () => {
  it('has 64 distinct colours, the ten familiar categorical ones first', () => {
    expect(CHART_PALETTE).toHaveLength(64);
    expect(new Set(CHART_PALETTE.map((colour) => colour.toLowerCase())).size).toBe(64);
    for (const colour of CHART_PALETTE) expect(colour).toMatch(/^#[0-9a-f]{6}$/i);
    expect(CHART_PALETTE.slice(0, 4)).toEqual(['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728']);
  });

  it('gives a key the same colour wherever it is met, and starts again past 64 keys', () => {
    const keys = Array.from({ length: 66 }, (_, index) => `key-${index}`);
    const colours = paletteColours(['key-0', ...keys, 'key-1']);
    expect(colours.size).toBe(66);
    expect(colours.get('key-0')).toBe(CHART_PALETTE[0]);
    expect(colours.get('key-63')).toBe(CHART_PALETTE[63]);
    expect(colours.get('key-64')).toBe(CHART_PALETTE[0]);
    expect(colours.get('key-65')).toBe(CHART_PALETTE[1]);
  });
});
