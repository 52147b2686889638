import { describe, expect, it } from 'vitest';
import { VARIANTS } from '@fleet/contract';
import { PAGE_PALETTES, idpPages, pageContrasts } from './pages.ts';

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe('sign-in pages', () => {
  it.each(VARIANTS)('meet WCAG AA contrast in every theme of the %s variant', (variant) => {
    for (const palette of PAGE_PALETTES[variant]) {
      for (const [what, foreground, background, needed] of pageContrasts(palette))
        expect(
          contrast(foreground, background),
          `${variant} ${palette.colorScheme}: ${what}`,
        ).toBeGreaterThanOrEqual(needed);
    }
  });

  it('are dark with a yellow accent in the tyre-pressure variant, light in tool-equipment', () => {
    const dark = idpPages('tyre-pressure').signInPage({ action: '/x', demoMode: false });
    expect(dark).toContain('color-scheme: dark');
    expect(dark).not.toContain('color-scheme: light');
    const light = idpPages('tool-equipment').signInPage({ action: '/x', demoMode: false });
    expect(light).toContain('color-scheme: light');
  });
});
