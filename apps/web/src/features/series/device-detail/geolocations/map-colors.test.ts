import { createTheme, DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { mapColors } from './map-colors';

const theme = (override: Parameters<typeof createTheme>[0]) =>
  mergeMantineTheme(DEFAULT_THEME, createTheme(override));
const deepBlue = theme({ primaryColor: 'blue', primaryShade: 8 });
const yellow = theme({ primaryColor: 'yellow', primaryShade: { dark: 6 } });

describe('map colours', () => {
  it('take the marks from the primary colour, with the label that contrasts more', () => {
    const light = mapColors(deepBlue, 'light');
    expect(light.point).toBe(deepBlue.colors.blue[8]);
    expect(light.pointLabel).toBe(deepBlue.white);
    const dark = mapColors(yellow, 'dark');
    expect(dark.point).toBe(yellow.colors.yellow[6]);
    expect(dark.pointLabel).toBe(yellow.black);
  });

  it('draw a dark map in the dark scheme', () => {
    const light = mapColors(yellow, 'light');
    const dark = mapColors(yellow, 'dark');
    expect(dark.sea).toBe(yellow.colors.dark[8]);
    expect(dark.land).not.toBe(light.land);
    expect(dark.tooltip.background).toBe(yellow.colors.dark[6]);
    expect(dark.newest).not.toBe(dark.point);
  });
});
