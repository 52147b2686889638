/** WCAG 2.x colour contrast: the arithmetic behind the theme's readable colours and its test. */

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0 (transparent) to 1 (opaque). */
  a: number;
}

/** Reads `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb(...)` and `rgba(...)`; anything else is an error. */
export function parseColour(value: string): Rgba {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const channel = (index: number) => parseInt(full.slice(index * 2, index * 2 + 2), 16);
    return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? channel(3) / 255 : 1 };
  }
  const functional = /^rgba?\(([^)]+)\)$/.exec(text)?.[1];
  if (functional) {
    const [r = NaN, g = NaN, b = NaN, a = 1] = functional
      .split(/[\s,/]+/)
      .filter(Boolean)
      .map(Number);
    if ([r, g, b, a].every(Number.isFinite)) return { r, g, b, a };
  }
  throw new Error(`Not a colour this module reads: ${value}`);
}

export function toHex({ r, g, b }: Rgba): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** What a translucent colour looks like painted over an opaque one. */
export function composite(foreground: string, background: string): string {
  const top = parseColour(foreground);
  const bottom = parseColour(background);
  const mixChannel = (over: number, under: number) => over * top.a + under * (1 - top.a);
  return toHex({
    r: mixChannel(top.r, bottom.r),
    g: mixChannel(top.g, bottom.g),
    b: mixChannel(top.b, bottom.b),
    a: 1,
  });
}

/** `amount` 0 keeps the colour, 1 gives `target`. */
export function mix(colour: string, target: string, amount: number): string {
  const from = parseColour(colour);
  const to = parseColour(target);
  const channel = (a: number, b: number) => a + (b - a) * amount;
  return toHex({ r: channel(from.r, to.r), g: channel(from.g, to.g), b: channel(from.b, to.b), a: 1 });
}

/** Relative luminance (WCAG 2.x). */
export function luminance(colour: string): number {
  const { r, g, b } = parseColour(colour);
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** From 1 (same colour) to 21 (black on white); the order of the two colours does not matter. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The colour nearest to `colour` that reaches `ratio` on every background: moved step by step towards
 * black (light pages) or white (dark pages). Unchanged when it already does.
 */
export function readableColour(
  colour: string,
  backgrounds: readonly string[],
  ratio: number,
  towards: 'black' | 'white',
): string {
  const target = towards === 'black' ? '#000000' : '#ffffff';
  const start = toHex(parseColour(colour));
  const under = backgrounds.map(luminance);
  const worst = (candidate: string) => {
    const own = luminance(candidate);
    return Math.min(...under.map((other) => (Math.max(own, other) + 0.05) / (Math.min(own, other) + 0.05)));
  };
  for (let step = 0; step <= 50; step += 1) {
    const candidate = mix(start, target, step / 50);
    if (worst(candidate) >= ratio) return candidate;
  }
  return target;
}
