import { describe, expect, it } from 'vitest';
import { CHART_PALETTE, paletteColours } from './chart-palette.ts';

const rgb = (colour: string) => [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
const distance = (a: string, b: string) =>
  Math.hypot(...rgb(a).map((value, index) => value - rgb(b)[index]!));

describe('the chart palette (spec §9)', () => {
  it('has 64 different colours, each written #rrggbb', () => {
    expect(CHART_PALETTE).toHaveLength(64);
    expect(new Set(CHART_PALETTE).size).toBe(64);
    for (const colour of CHART_PALETTE) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('keeps neighbours apart, so that adjacent series can be told from each other', () => {
    for (let index = 1; index < CHART_PALETTE.length; index++)
      expect(distance(CHART_PALETTE[index - 1]!, CHART_PALETTE[index]!)).toBeGreaterThan(100);
  });

  it('gives each key one colour, in the order keys are first met, and starts again past 64 keys', () => {
    const keys = Array.from({ length: 66 }, (_, index) => `key-${index}`);
    const colours = paletteColours(['key-0', 'key-1', 'key-0', ...keys]);
    expect(colours.size).toBe(66);
    expect(colours.get('key-0')).toBe(CHART_PALETTE[0]);
    expect(colours.get('key-1')).toBe(CHART_PALETTE[1]);
    expect(colours.get('key-63')).toBe(CHART_PALETTE[63]);
    expect(colours.get('key-64')).toBe(CHART_PALETTE[0]);
    expect(colours.get('key-65')).toBe(CHART_PALETTE[1]);
  });
});
