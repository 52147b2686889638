import { VARIANTS } from '@fleet/contract';
import {
  DEFAULT_THEME,
  defaultCssVariablesResolver,
  getPrimaryShade,
  isLightColor,
  mergeMantineTheme,
} from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { composite, contrastRatio, parseColour } from './contrast';
import { cssVariablesResolver, resolveVariable, TEXT_CONTRAST, VARIANT_THEMES } from './theme';

/** The CSS variables a variant's page gets: Mantine's defaults, then ours, for its colour scheme. */
function pageVariables(variant: (typeof VARIANTS)[number]) {
  const { theme: override, colorScheme } = VARIANT_THEMES[variant];
  const theme = mergeMantineTheme(DEFAULT_THEME, override);
  const defaults = defaultCssVariablesResolver(theme);
  const ours = cssVariablesResolver(theme);
  const variables = {
    ...defaults.variables,
    ...defaults[colorScheme],
    ...ours.variables,
    ...ours[colorScheme],
  };
  const colour = (name: string) => resolveVariable(`--mantine-color-${name}`, variables);
  return { theme, colorScheme, colour };
}

describe('contrast arithmetic', () => {
  it('gives the WCAG ratios of known pairs', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // Mantine's default blue 6 on white, the ratio the review measured.
    expect(contrastRatio('#228be6', '#ffffff')).toBeCloseTo(3.55, 1);
    expect(composite('rgba(0, 0, 0, 0.5)', '#ffffff')).toBe('#808080');
    expect(parseColour('#abc')).toEqual({ r: 170, g: 187, b: 204, a: 1 });
  });
});

describe.each([...VARIANTS])('%s theme', (variant) => {
  const { theme, colorScheme, colour } = pageVariables(variant);
  const dark = colorScheme === 'dark';
  const body = colour('body');
  const card = dark ? colour('dark-6') : colour('white');
  const striped = dark ? colour('dark-6') : colour('gray-0');
  const hovered = dark ? colour('dark-5') : colour('gray-1');
  const colours = Object.keys(theme.colors);
  /** A colour's light tint as painted on the page and on a card. */
  const tint = (name: string, suffix = 'light') =>
    [body, card].map((under) => composite(colour(`${name}-${suffix}`), under));

  const pairs: [string, string, string][] = [];
  const check = (label: string, text: string, backgrounds: readonly string[]) => {
    for (const background of backgrounds) pairs.push([label, text, background]);
  };
  const neutral = [body, card, striped];
  const allTints = colours.flatMap((name) => tint(name));
  check('text', colour('text'), [...neutral, hovered, ...allTints]);
  check('dimmed text', colour('dimmed'), [...neutral, ...allTints]);
  check('link', colour('anchor'), [...neutral, ...allTints]);
  check('error', colour('error'), [...neutral, ...allTints]);
  check('placeholder', colour('placeholder'), [body, colour('default')]);
  check('disabled text', colour('disabled-color'), [colour('disabled')]);
  check('default button', colour('default-color'), [colour('default'), colour('default-hover')]);
  for (const name of colours) {
    check(`${name} text`, colour(`${name}-text`), [...neutral, ...tint(name)]);
    check(`${name} light variant`, colour(`${name}-light-color`), [
      ...tint(name),
      ...tint(name, 'light-hover'),
    ]);
    check(`${name} subtle variant`, colour(`${name}-light-color`), [
      ...neutral,
      ...tint(name, 'light-hover'),
    ]);
    check(`${name} outline variant`, colour(`${name}-outline`), neutral);
    // Filled: Mantine chooses black or white text by the primary shade (autoContrast).
    const shade = theme.colors[name]?.[getPrimaryShade(theme, colorScheme)] ?? '';
    const onFilled = isLightColor(shade, theme.luminanceThreshold) ? colour('black') : colour('white');
    check(`${name} filled variant`, onFilled, [colour(`${name}-filled`), colour(`${name}-filled-hover`)]);
  }

  it('uses automatic contrast on filled colours', () => {
    expect(theme.autoContrast).toBe(true);
  });

  it(`reaches ${TEXT_CONTRAST}:1 for every text colour on every surface and tint it can sit on`, () => {
    const failing = pairs
      .map(([label, text, background]) => ({
        label,
        text,
        background,
        ratio: contrastRatio(text, background),
      }))
      .filter(({ ratio }) => ratio < TEXT_CONTRAST)
      .map(({ label, text, background, ratio }) => `${label} ${text} on ${background}: ${ratio.toFixed(2)}`);
    expect(pairs.length).toBeGreaterThan(200);
    expect(failing).toEqual([]);
  });

  it('keeps the look it had before Mantine 9: small corners, labels at 500, translucent tints', () => {
    expect(theme.defaultRadius).toBe('sm');
    expect(theme.fontWeights.medium).toBe('500');
    for (const name of colours) expect(parseColour(colour(`${name}-light`)).a).toBeLessThan(1);
  });

  it('keeps dimmed text apart from body text', () => {
    expect(contrastRatio(colour('text'), colour('dimmed'))).toBeGreaterThan(1.3);
  });
});
