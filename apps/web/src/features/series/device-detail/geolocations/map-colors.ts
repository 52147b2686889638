import { getPrimaryShade, isLightColor, type MantineTheme } from '@mantine/core';

export interface MapColors {
  sea: string;
  land: string;
  border: string;
  /** A position or a group of them; the newest in `newest`. */
  point: string;
  pointLabel: string;
  newest: string;
  newestLabel: string;
  /** The ring around each mark, so it stands out from land and sea alike. */
  ring: string;
  tooltip: { background: string; text: string; border: string };
}

/** The map's colours from the Mantine theme, in its light or dark scheme (the canvas cannot read CSS variables). */
export function mapColors(theme: MantineTheme, scheme: 'light' | 'dark'): MapColors {
  const shade = getPrimaryShade(theme, scheme);
  const point = theme.colors[theme.primaryColor]![shade]!;
  const newest = theme.colors.red![scheme === 'dark' ? 6 : 7]!;
  // The number on a mark in black or white, whichever contrasts more (the WCAG crossover is Mantine's default).
  const labelOn = (color: string) => (isLightColor(color) ? theme.black : theme.white);
  const { dark, gray, blue } = theme.colors;
  return scheme === 'dark'
    ? {
        sea: dark![8]!,
        land: dark![5]!,
        border: dark![3]!,
        point,
        pointLabel: labelOn(point),
        newest,
        newestLabel: labelOn(newest),
        ring: dark![9]!,
        tooltip: { background: dark![6]!, text: dark![0]!, border: dark![4]! },
      }
    : {
        sea: blue![0]!,
        land: theme.white,
        border: gray![5]!,
        point,
        pointLabel: labelOn(point),
        newest,
        newestLabel: labelOn(newest),
        ring: theme.white,
        tooltip: { background: theme.white, text: theme.black, border: gray![3]! },
      };
}
