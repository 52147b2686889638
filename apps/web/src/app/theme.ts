import type { Variant } from '@fleet/contract';
import { createTheme, type MantineColorScheme, type MantineThemeOverride } from '@mantine/core';

export const VARIANT_THEMES: Record<
  Variant,
  { theme: MantineThemeOverride; colorScheme: Exclude<MantineColorScheme, 'auto'> }
> = {
  'tool-equipment': { theme: createTheme({ primaryColor: 'blue' }), colorScheme: 'light' },
  'tyre-pressure': {
    theme: createTheme({ primaryColor: 'yellow', primaryShade: { dark: 6 } }),
    colorScheme: 'dark',
  },
};
