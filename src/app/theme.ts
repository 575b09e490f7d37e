// The two visual themes of spec 1 §1 and §9, cc and kokoro, each in light and dark, chosen
// by the general setting the server answers (GET general-setting → data.value). Roboto is
// bundled by @fontsource/roboto in main.tsx (no CDN).
//   cc:     the school blue with a teal accent.
//   kokoro: a warm plum with a coral accent ("kokoro", heart).
//
// In both modes the app bar carries the theme's colour and the sidebar marks the open page in
// it. In dark mode MUI draws app bars in its own grey unless told otherwise, and the theme's
// light primary (good for text and buttons on a dark page) would be a pale bar under white
// text; the dark app bar is a deep shade of the theme's colour instead, under white text.
// Contrast (WCAG): every pair below is at least 4.5:1, checked by tests/app/theme.test.ts.

import { alpha, type Theme } from '@mui/material/styles';
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
  /** The dark mode's app bar: a deep shade of the theme's colour, under white text. */
  darkBar: string;
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
    darkBar: '#0d3b73',
  },
  kokoro: {
    primary: '#7b1f5a',
    secondary: '#e0604f',
    background: '#fbf6f4',
    darkPrimary: '#f0a6cf',
    darkSecondary: '#ffab91',
    darkBackground: '#1c1218',
    darkPaper: '#281a22',
    darkBar: '#5a1742',
  },
};

/** The text on the app bar in both modes. */
export const APP_BAR_TEXT = '#ffffff';

/** How strongly the open page's menu entry is tinted with the theme's colour. */
export const ACTIVE_TINT = { light: 0.1, dark: 0.16 } as const;

/** The open page in the sidebar: tinted with the theme's colour, its text and icon in it, a bar at its edge. */
function activeMenuEntry(colour: string, tint: number) {
  return {
    root: {
      '&.RaMenuItemLink-active': {
        color: colour,
        backgroundColor: alpha(colour, tint),
        boxShadow: `inset 3px 0 0 ${colour}`,
        fontWeight: 500,
        '& .RaMenuItemLink-icon': { color: colour },
      },
      '&.RaMenuItemLink-active:hover': { backgroundColor: alpha(colour, tint + 0.06) },
    },
  };
}

export function themesOf(name: ThemeName): { light: RaThemeOptions; dark: RaThemeOptions } {
  const c = THEME_COLOURS[name];
  const shape = { borderRadius: name === 'kokoro' ? 12 : 8 };
  return {
    light: {
      ...defaultLightTheme,
      palette: { mode: 'light', primary: { main: c.primary }, secondary: { main: c.secondary }, background: { default: c.background } },
      typography,
      shape,
      components: {
        ...defaultLightTheme.components,
        RaMenuItemLink: { styleOverrides: activeMenuEntry(c.primary, ACTIVE_TINT.light) },
      },
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
      shape,
      components: {
        ...defaultDarkTheme.components,
        MuiAppBar: {
          styleOverrides: {
            // Every coloured app bar (the admin shell's, the parent, student and booking areas').
            root: ({ theme }: { theme: Theme }) => ({
              '&.MuiAppBar-colorPrimary, &.MuiAppBar-colorSecondary': {
                '--AppBar-background': c.darkBar,
                '--AppBar-color': APP_BAR_TEXT,
                backgroundColor: c.darkBar,
                color: APP_BAR_TEXT,
                backgroundImage: 'none',
                borderBottom: `1px solid ${alpha(theme.palette.common.white, 0.08)}`,
              },
            }),
          },
        },
        RaMenuItemLink: { styleOverrides: activeMenuEntry(c.darkPrimary, ACTIVE_TINT.dark) },
      },
    },
  };
}

/** The first page's theme, before the setting is read. */
export const lightTheme: RaThemeOptions = themesOf('cc').light;
