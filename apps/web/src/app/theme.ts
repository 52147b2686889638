import type { Variant } from '@fleet/contract';
import {
  createTheme,
  getPrimaryShade,
  isLightColor,
  v8CssVariablesResolver,
  type Button,
  type CSSVariablesResolver,
  type Input,
  type MantineColorScheme,
  type MantineTheme,
  type MantineThemeComponent,
  type MantineThemeOverride,
  type Menu,
  type NumberInput,
  type TableScrollContainer,
} from '@mantine/core';
import { composite, readableColour } from './contrast';
import classes from './theme.module.css';

/** WCAG 2.x AA for text of normal size. */
export const TEXT_CONTRAST = 4.5;
/** What the theme aims at: a small margin keeps browsers' and checkers' rounding from tipping a pair under 4.5. */
const TARGET_CONTRAST = 4.6;
/**
 * With automatic contrast, a filled colour brighter than this gets black text, a darker one white text.
 * 0.179 is where black and white contrast equally, so the better of the two is always chosen (at least 4.58:1).
 */
const LUMINANCE_THRESHOLD = 0.179;

/** Body text on dark pages. */
const DARK_TEXT = '#e0e0e0';

type Scheme = 'light' | 'dark';
type Variables = Record<string, string>;

/** The surfaces text sits on: page body, cards, then striped rows and hovered items. */
const SURFACES: Record<Scheme, readonly string[]> = {
  light: ['--mantine-color-body', '--mantine-color-gray-0', '--mantine-color-gray-1'],
  dark: ['--mantine-color-body', '--mantine-color-dark-6', '--mantine-color-dark-5'],
};
/** Where colour tints (light badges and buttons, device status cards) are painted: the body and cards. */
const TINTED: Record<Scheme, readonly string[]> = {
  light: ['--mantine-color-body'],
  dark: ['--mantine-color-body', '--mantine-color-dark-6'],
};

/** Follows `var(--name)` references to a plain value. */
export function resolveVariable(name: string, variables: Variables): string {
  let value = variables[name];
  for (let depth = 0; value !== undefined && depth < 10; depth += 1) {
    const reference = /^var\((--[\w-]+)\)$/.exec(value.trim())?.[1];
    if (!reference) return value;
    value = variables[reference];
  }
  throw new Error(`CSS variable ${name} does not resolve to a value`);
}

/**
 * Mantine's colours for one scheme, with every text colour moved just far enough to read at 4.5:1 on
 * every surface and tint of the theme: dimmed text, links, errors, placeholders, disabled text, and each
 * colour's text (`c="red"`), light and subtle variant text, and outline variant text.
 */
function readableVariables(theme: MantineTheme, scheme: Scheme): Variables {
  // The translucent light variant (tinted badges, light buttons, device status cards) the console has
  // always had: Mantine 9 paints it in solid shades, much louder on cards.
  const defaults = v8CssVariablesResolver(theme);
  const all: Variables = { ...defaults.variables, ...defaults[scheme] };
  const value = (name: string) => resolveVariable(name, all);
  const surfaces = SURFACES[scheme].map(value);
  const tinted = (tint: string) => TINTED[scheme].map((surface) => composite(value(tint), value(surface)));
  const colours = Object.keys(theme.colors);
  // Any text may sit on a device status card, tinted with that status's colour.
  const tints = colours.flatMap((colour) => tinted(`--mantine-color-${colour}-light`));
  const towards = scheme === 'light' ? 'black' : 'white';
  const readable = (name: string, backgrounds: readonly string[] = [...surfaces, ...tints]) =>
    readableColour(value(name), backgrounds, TARGET_CONTRAST, towards);

  const result: Variables = {
    ...defaults[scheme],
    '--mantine-color-dimmed': readable('--mantine-color-dimmed'),
    '--mantine-color-anchor': readable('--mantine-color-anchor'),
    '--mantine-color-error': readable('--mantine-color-error'),
    '--mantine-color-placeholder': readable('--mantine-color-placeholder', surfaces),
    // Disabled controls stay readable: what they say still tells the user what could be done.
    '--mantine-color-disabled-color': readable('--mantine-color-disabled-color', [
      value('--mantine-color-disabled'),
    ]),
  };
  // Dimmed text brightened to 4.5:1 comes close to Mantine's dark text (#c9c9c9): text gets brighter to stay apart.
  if (scheme === 'dark') result['--mantine-color-text'] = DARK_TEXT;
  const shade = getPrimaryShade(theme, scheme);
  for (const colour of colours) {
    const shades = theme.colors[colour] ?? [];
    // A colour's own tint, hovered too, is under its light and subtle variants.
    const own = [
      ...tinted(`--mantine-color-${colour}-light`),
      ...tinted(`--mantine-color-${colour}-light-hover`),
    ];
    for (const token of ['text', 'light-color', 'outline']) {
      const name = `--mantine-color-${colour}-${token}`;
      result[name] = readable(name, [...surfaces, ...tints, ...own]);
    }
    // A bright filled colour carries black text: its hover turns brighter, not darker, to keep the contrast.
    if (shade > 0 && isLightColor(shades[shade] ?? '', theme.luminanceThreshold)) {
      result[`--mantine-color-${colour}-filled-hover`] = `var(--mantine-color-${colour}-${shade - 1})`;
    }
  }
  return result;
}

const resolved = new WeakMap<MantineTheme, ReturnType<CSSVariablesResolver>>();

/** Mantine's CSS variables with readable text colours; computed once per theme. */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  let variables = resolved.get(theme);
  if (!variables) {
    variables = {
      variables: {},
      light: readableVariables(theme, 'light'),
      dark: readableVariables(theme, 'dark'),
    };
    resolved.set(theme, variables);
  }
  return variables;
};

/**
 * What `Component.extend` does (it returns its argument), typed by the component alone: the theme names
 * components without importing their code, which would put Menu with floating-ui and Table with ScrollArea
 * into the first load.
 */
function extend<Component extends { extend: (input: never) => MantineThemeComponent }>(
  input: Parameters<Component['extend']>[0],
): MantineThemeComponent {
  return input;
}

function variantTheme(primaryColor: string, primaryShade: MantineTheme['primaryShade']) {
  return createTheme({
    // The radius and label weight the console had before Mantine 9 (which rounds to md and sets labels,
    // table headers and toast titles at 600); buttons keep their 600 (theme.module.css).
    defaultRadius: 'sm',
    fontWeights: { medium: '500' },
    primaryColor,
    // One shade for both schemes: Mantine picks black or white text on filled colours by this shade.
    primaryShade,
    autoContrast: true,
    luminanceThreshold: LUMINANCE_THRESHOLD,
    components: {
      // Every text input, select and picker shows a focus ring, not only a border colour.
      Input: extend<typeof Input>({ classNames: { input: classes.input } }),
      Button: extend<typeof Button>({ classNames: { root: classes.button } }),
      // A number out of bounds stays as typed, for the form to say why it is refused: never changed silently.
      NumberInput: extend<typeof NumberInput>({ defaultProps: { clampBehavior: 'none' } }),
      // A role="menu" holds menu items only: Mantine's focus placeholder inside it is refused by axe.
      Menu: extend<typeof Menu>({ defaultProps: { withInitialFocusPlaceholder: false } }),
      // A table wider than the screen scrolls sideways: its scroll box takes the focus, so the keyboard scrolls it too.
      TableScrollContainer: extend<typeof TableScrollContainer>({
        defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } },
      }),
    },
  });
}

export const VARIANT_THEMES: Record<
  Variant,
  { theme: MantineThemeOverride; colorScheme: Exclude<MantineColorScheme, 'auto'> }
> = {
  // Blue 8 carries white text at 5:1; the default shade 6 gave 3.6:1.
  'tool-equipment': { theme: variantTheme('blue', { light: 8, dark: 8 }), colorScheme: 'light' },
  'tyre-pressure': { theme: variantTheme('yellow', { light: 6, dark: 6 }), colorScheme: 'dark' },
};
