// A clean light theme: react-admin's default with Roboto (bundled by @fontsource/roboto in
// main.tsx, no CDN) and calmer colours.

import { defaultLightTheme, type RaThemeOptions } from 'react-admin';

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    mode: 'light',
    primary: { main: '#1565c0' },
    secondary: { main: '#00796b' },
    background: { default: '#f5f7fa' },
  },
  typography: {
    ...defaultLightTheme.typography,
    fontFamily: 'Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  shape: { borderRadius: 8 },
};
