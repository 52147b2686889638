/**
 * The chart palette of spec §9: 64 colours, the ten familiar categorical ones first, then hues spread
 * by the golden angle over six lightness levels so neighbours stay apart.
 */
export const CHART_PALETTE = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#bd2828',
  '#2854bd',
  '#7fbd28',
  '#bd28ab',
  '#28bda4',
  '#bd7928',
  '#4d28bd',
  '#2fbd28',
  '#bd285a',
  '#166a9c',
  '#919c16',
  '#80169c',
  '#169c59',
  '#9c3216',
  '#16229c',
  '#499c16',
  '#9c1670',
  '#16979c',
  '#d1b561',
  '#9461d1',
  '#61d173',
  '#d1616f',
  '#6190d1',
  '#b1d161',
  '#d161d1',
  '#61d1b0',
  '#d18f61',
  '#271d72',
  '#2b721d',
  '#721d44',
  '#1d5d72',
  '#726e1d',
  '#551d72',
  '#1d723c',
  '#72231d',
  '#1d2f72',
  '#b3d98c',
  '#d98cc9',
  '#8cd9d2',
  '#d9bc8c',
  '#a58cd9',
  '#8cd98f',
  '#d98ca0',
  '#8cb6d9',
  '#ccd98c',
  '#d013ec',
  '#13ec90',
  '#ec5113',
  '#1314ec',
  '#54ec13',
  '#ec1393',
  '#13d2ec',
  '#ecc613',
  '#8713ec',
] as const;

/**
 * One colour per key, in the order keys are first met, so the same key (a status, a device type) keeps
 * its colour on every widget of a dashboard. Past 64 keys the palette starts again.
 */
export function paletteColours(keys: Iterable<string>): Map<string, string> {
  const colours = new Map<string, string>();
  for (const key of keys) {
    if (!colours.has(key)) colours.set(key, CHART_PALETTE[colours.size % CHART_PALETTE.length]!);
  }
  return colours;
}
