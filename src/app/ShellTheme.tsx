// The look of every logged-in page (spec 1 §1): the theme the server's general setting
// names (cc until it answers), light or dark as the user chose. The staff layout and the
// parent, student and booking areas both draw inside it.

import type { ReactNode } from "react";
import { useMemo } from "react";
import CssBaseline from "@mui/material/CssBaseline";
import { createTheme, ThemeProvider } from "@mui/material/styles";
import { pickTheme, themesOf } from "./theme";
import { useDarkMode } from "./topbar/darkMode";
import { useThemeName } from "./topbar/shellApi";

function useShellTheme() {
  const { data } = useThemeName();
  const dark = useDarkMode();
  const name = pickTheme(data);
  return useMemo(
    () => createTheme(themesOf(name)[dark ? "dark" : "light"]),
    [name, dark],
  );
}

export function ShellTheme({ children }: { children: ReactNode }) {
  const theme = useShellTheme();
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
