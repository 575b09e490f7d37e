// The themes' colours where people read them (spec 1 §1 light/dark, §9 cc and kokoro): the
// app bar in the theme's colour in both modes with white text, and the open page in the
// sidebar in the theme's colour; every pair readable (WCAG AA, 4.5:1 for normal text).

import { describe, expect, it } from 'vitest';
import { createTheme } from '@mui/material/styles';
import { ACTIVE_TINT, APP_BAR_TEXT, THEME_COLOURS, THEME_NAMES, themesOf } from '../../src/app/theme';

function rgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

function contrast(a: [number, number, number], b: [number, number, number]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `colour` at `opacity` over `under`. */
function over(colour: string, opacity: number, under: string): [number, number, number] {
  const [a, b] = [rgb(colour), rgb(under)];
  return [0, 1, 2].map((i) => Math.round(a[i] * opacity + b[i] * (1 - opacity))) as [number, number, number];
}

describe.each(THEME_NAMES)('the %s theme', (name) => {
  const c = THEME_COLOURS[name];

  it('puts the theme’s colour in the app bar in both modes, under readable white text', () => {
    expect(contrast(rgb(c.primary), rgb(APP_BAR_TEXT))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(rgb(c.darkBar), rgb(APP_BAR_TEXT))).toBeGreaterThanOrEqual(4.5);
    // The dark bar is the theme's hue, not MUI's grey: its strongest channel is the light primary's.
    const strongest = (hex: string) => rgb(hex).indexOf(Math.max(...rgb(hex)));
    expect(strongest(c.darkBar)).toBe(strongest(c.primary));
    const dark = createTheme(themesOf(name).dark);
    expect(dark.palette.mode).toBe('dark');
    expect(dark.components?.MuiAppBar?.styleOverrides?.root).toBeDefined();
  });

  it('marks the open page in the sidebar in the theme’s colour, readable on its tint', () => {
    expect(contrast(rgb(c.primary), over(c.primary, ACTIVE_TINT.light, c.background))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(rgb(c.darkPrimary), over(c.darkPrimary, ACTIVE_TINT.dark, c.darkBackground))).toBeGreaterThanOrEqual(4.5);
    const light = themesOf(name).light.components?.RaMenuItemLink?.styleOverrides?.root as Record<string, Record<string, unknown>>;
    expect(light['&.RaMenuItemLink-active'].color).toBe(c.primary);
    const dark = themesOf(name).dark.components?.RaMenuItemLink?.styleOverrides?.root as Record<string, Record<string, unknown>>;
    expect(dark['&.RaMenuItemLink-active'].color).toBe(c.darkPrimary);
  });

  it('keeps text readable on the dark page and paper', () => {
    const dark = createTheme(themesOf(name).dark);
    for (const surface of [c.darkBackground, c.darkPaper]) {
      expect(contrast(rgb(c.darkPrimary), rgb(surface))).toBeGreaterThanOrEqual(4.5);
      expect(contrast(rgb('#ffffff'), rgb(surface))).toBeGreaterThanOrEqual(4.5);
    }
    expect(dark.palette.background.default).toBe(c.darkBackground);
  });
});
