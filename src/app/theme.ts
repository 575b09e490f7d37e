// The two visual themes of spec 1 §1 and §9, cc and kokoro, each in light and dark, chosen
// by the general setting the server answers (GET general-setting → data.value). Roboto is
// bundled by @fontsource/roboto in main.tsx (no CDN).
//   cc:     the school blue with a teal accent.
//   kokoro: a warm plum with a coral accent ("kokoro", heart).

import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

export type ThemeName = 'cc' | 'kokoro';
export const THEME_NAMES: readonly ThemeName[] = ['cc', 'kokoro'];

export function pickTheme(value: unknown): ThemeName {
  return value === 'kokoro' ? 'kokoro' : 'cc';
}

const typography = {
  ...defaultLightTheme.typography,
  fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
};

interface Colours {
  primary: string;
  secondary: string;
  background: string;
  darkPrimary: string;
  darkSecondary: string;
  darkBackground: string;
  darkPaper: string;
}

export const THEME_COLOURS: Record<ThemeName, Colours> = {
  cc: {
    primary: '#1565c0',
    secondary: '#00796b',
    background: '#f5f7fa',
    darkPrimary: '#90caf9',
    darkSecondary: '#80cbc4',
    darkBackground: '#0f1720',
    darkPaper: '#17212c',
  },
  kokoro: {
    primary: '#7b1f5a',
    secondary: '#e0604f',
    background: '#fbf6f4',
    darkPrimary: '#f0a6cf',
    darkSecondary: '#ffab91',
    darkBackground: '#1c1218',
    darkPaper: '#281a22',
  },
};

export function themesOf(name: ThemeName): { light: RaThemeOptions; dark: RaThemeOptions } {
  const c = THEME_COLOURS[name];
  return {
    light: {
      ...defaultLightTheme,
      palette: { mode: 'light', primary: { main: c.primary }, secondary: { main: c.secondary }, background: { default: c.background } },
      typography,
      shape: { borderRadius: name === 'kokoro' ? 12 : 8 },
    },
    dark: {
      ...defaultDarkTheme,
      palette: {
        mode: 'dark',
        primary: { main: c.darkPrimary },
        secondary: { main: c.darkSecondary },
        background: { default: c.darkBackground, paper: c.darkPaper },
      },
      typography,
      shape: { borderRadius: name === 'kokoro' ? 12 : 8 },
    },
  };
}

/** The first page's theme, before the setting is read. */
export const lightTheme: RaThemeOptions = themesOf('cc').light;
