import { DEFAULT_THEME, luminance } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from '../src/app/theme.ts';

const contrast = (a: string, b: string) => {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
};

const palettes = Object.keys(DEFAULT_THEME.colors).map((name) => [name, theme.colors![name]!] as const);

describe('the theme reads at WCAG 2.1 AA (4.5:1 for text)', () => {
  it('fills buttons and draws links in shade 8', () => {
    expect(theme.primaryShade).toBe(8);
  });

  it.each(palettes)('%s: light badges and alerts, filled buttons, links and hovered links', (_name, palette) => {
    // Light variant: shade 9 text on the shade 1 background and its shade 2 hover.
    expect(contrast(palette[9], palette[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette[9], palette[2])).toBeGreaterThanOrEqual(4.5);
    // Filled variant: white text on shade 8; links in shade 8 on white, striped and tinted rows.
    for (const background of ['#ffffff', palette[0], palette[1]]) {
      expect(contrast(palette[8], background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(palette[7], '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('dims text in a grey that reads on white, striped and hovered rows', () => {
    const gray = theme.colors!.gray!;
    for (const background of ['#ffffff', gray[0], gray[1]]) {
      expect(contrast(gray[6], background)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the rest of each palette, and each darker shade at least as dark as the one before', () => {
    for (const [name, palette] of palettes) {
      expect(palette.slice(0, 6)).toEqual(DEFAULT_THEME.colors[name]!.slice(0, 6));
      for (let shade = 1; shade < 10; shade += 1) {
        expect(luminance(palette[shade]!)).toBeLessThanOrEqual(luminance(palette[shade - 1]!));
      }
    }
  });
});
